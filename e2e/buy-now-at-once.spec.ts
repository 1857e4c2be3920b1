// A customer on a cheap phone taps Buy Now the moment it shows: a signed-in customer reaches checkout every time
// (the page is theirs from the first byte), a visitor reaches sign-in and then the same product's checkout.
import { expect, test, type Page } from '@playwright/test';
import type { CategoryResponse } from '../src/shared/catalogue.ts';
import { createCustomer, fillSignIn } from './customers.ts';

const GROUP = 'Instagram 1K Followers';
const TAPS = 20;

/** A phone's CPU: four times slower than this machine's (Chromium's own throttling). */
async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

async function anAccountOf(page: Page): Promise<string> {
  const res = await page.request.get('/api/catalogue/categories/instagram');
  const { groups } = (await res.json()) as CategoryResponse;
  return groups.find((g) => g.name === GROUP)!.sampleAccounts[0]!.id;
}

const buyNowOnProducts = (page: Page) =>
  page.getByRole('article', { name: GROUP }).getByRole('button', { name: 'Buy Now' });

test('a signed-in customer who taps Buy Now as soon as it shows reaches checkout, 20 times of 20', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const customer = await createCustomer(page, 'quicktap');
  expect((await page.request.post('/api/auth/login', { data: customer })).ok()).toBe(true);
  const accountId = await anAccountOf(page);
  await slowCpu(page);

  for (let tap = 1; tap <= TAPS; tap++) {
    await page.goto('/products', { waitUntil: 'commit' });
    // Playwright taps as soon as the button is visible and still.
    await buyNowOnProducts(page).click();
    await expect(page, `tap ${tap} on /products`).toHaveURL(
      /\/checkout\?group=[0-9a-f-]+&quantity=1$/,
    );
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  }
  for (let tap = 1; tap <= TAPS; tap++) {
    await page.goto(`/product/${accountId}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page, `tap ${tap} on the product page`).toHaveURL(
      `/checkout?account=${accountId}`,
    );
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  }
});

test("a visitor who taps at once reaches sign-in, and after signing in the same product's checkout", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer(page, 'quickvisitor');
  const accountId = await anAccountOf(page);
  await slowCpu(page);

  await page.goto('/products', { waitUntil: 'commit' });
  await buyNowOnProducts(page).click();
  await expect(page).toHaveURL(/\/login$/);
  await fillSignIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/checkout\?group=[0-9a-f-]+&quantity=1$/);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText(GROUP)).toBeVisible();

  // The product page, for a visitor in a browser of their own.
  const visitor = await browser.newPage();
  try {
    await slowCpu(visitor);
    await visitor.goto(`/product/${accountId}`, { waitUntil: 'commit' });
    await visitor.getByRole('button', { name: 'Sign In to Purchase' }).click();
    await expect(visitor).toHaveURL(/\/login$/);
    await fillSignIn(visitor, customer.email, customer.password);
    await expect(visitor).toHaveURL(`/checkout?account=${accountId}`);
    await expect(visitor.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test('the header shows the signed-in customer their menu and balance in the HTML itself', async ({
  page,
}) => {
  const customer = await createCustomer(page, 'ssrheader');
  expect((await page.request.post('/api/auth/login', { data: customer })).ok()).toBe(true);
  // The page as it arrives, before any of the app's code has run.
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  await page.goto('/products');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wallet balance ₦0.00' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
});
