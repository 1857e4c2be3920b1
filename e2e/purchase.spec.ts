// A customer buys from the wallet: checkout, the order history welcome, credentials on screen, as a file
// and by e-mail, then a bulk purchase; on the demo seed (Twitter Aged Account: ₦2,500, 10 in stock).
import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { CategoryResponse } from '../src/shared/catalogue.ts';
import type { OrderList } from '../src/shared/orders.ts';
import { createCustomer, creditWallet, signIn } from './customers.ts';

const GROUP = 'Twitter Aged Account';

async function signInAsCustomer(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function buyFromProducts(page: Page, quantity: number) {
  await page.goto('/products');
  const card = page.getByRole('article', { name: GROUP });
  await card.getByLabel('Quantity').fill(String(quantity));
  await card.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?group=[0-9a-f-]+&quantity=${quantity}$`));
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
}

test('a customer buys one account, reveals, downloads and e-mails its credentials, then buys three at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { email, password } = await createCustomer(page, 'buyer');
  await signInAsCustomer(page, email, password);

  // Checkout without navigation state (a reload or a typed URL) goes back to the catalogue.
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByText('Choose a product to check out first.')).toBeVisible();

  // An empty wallet cannot pay.
  await buyFromProducts(page, 1);
  await expect(page.getByText('Insufficient funds. You need ₦2,500.00 more.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Top Up Wallet' })).toHaveAttribute(
    'href',
    '/wallet',
  );
  await expect(page.getByRole('button', { name: 'Complete Purchase' })).toBeDisabled();

  await creditWallet(browser, email, 20_000);
  await buyFromProducts(page, 1);
  await expect(page.getByTestId('checkout-total')).toHaveText('₦2,500.00');
  await expect(page.getByTestId('checkout-balance')).toHaveText('₦20,000.00');
  await expect(page.getByText('Insufficient funds')).toHaveCount(0);
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByText('Purchase Successful! 🎉')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Download your credentials' }),
  ).toBeVisible();
  await expect(page.getByTestId('summary-completed')).toHaveText('1');
  await expect(page.getByTestId('summary-total-spent')).toHaveText('₦2,500.00');

  const { orders } = (await (await page.request.get('/api/orders')).json()) as OrderList;
  const order = orders[0]!;
  const username = order.accounts[0]!.username;
  const card = page.getByRole('article', { name: `@${username}` });
  await expect(card).toContainText(`Order ID: ${order.id.slice(0, 8)}`);
  await expect(card).toContainText('completed');
  await expect(card).toContainText('Twitter');

  // Credentials stay hidden until revealed.
  await expect(card.getByRole('region', { name: 'Account 1' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Show Credentials' }).click();
  const account = card.getByRole('region', { name: 'Account 1' });
  await expect(account).toContainText(username);
  await expect(account.getByRole('button', { name: 'Copy Password' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download Credentials' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${order.id}.json`);
  const file = JSON.parse(await fs.readFile(await download.path(), 'utf8')) as {
    orderId: string;
    accounts: { password: string }[];
  };
  expect(file.orderId).toBe(order.id);
  expect(file.accounts[0]!.password).not.toBe('');

  await card.getByRole('button', { name: 'Email', exact: true }).click();
  await expect(page.getByText('Email Sent!')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`Credentials sent to ${email}`)).toBeVisible();
  await expect(card).toContainText(`Emailed to ${email}`);

  // A reload does not greet again.
  await page.reload();
  await expect(page.getByRole('article', { name: `@${username}` })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Download your credentials' }),
  ).toHaveCount(0);

  await page.goto('/dev/mailbox');
  const mail = page
    .locator('article', { hasText: `Your account credentials (order ${order.id.slice(0, 8)})` })
    .first();
  await expect(mail).toContainText(email);
  await expect(mail).toContainText(username);

  // Three at once from one group.
  await buyFromProducts(page, 3);
  await expect(page.getByTestId('checkout-total')).toHaveText('₦7,500.00');
  await expect(page.getByTestId('checkout-balance')).toHaveText('₦17,500.00');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByText('Bulk Purchase Successful! 🎉')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  const bulk = page.getByRole('article', { name: '3 accounts' });
  await expect(bulk).toBeVisible();
  await expect(bulk.getByLabel('Account details')).toContainText(/Accounts:\s*3/);
  await expect(page.getByTestId('summary-total-spent')).toHaveText('₦10,000.00');

  // Filters: status and category, and a search that matches nothing.
  await page.getByLabel('Status').selectOption('failed');
  await expect(page.getByText('No orders match your current filters.')).toBeVisible();
  await page.getByLabel('Status').selectOption('completed');
  await page.getByLabel('Category').selectOption('Twitter');
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.getByLabel('Search orders').fill(username);
  await expect(page.getByRole('article')).toHaveCount(1);

  // The dashboard's Recent Activity lists the credit and both purchases.
  await page.goto('/dashboard');
  const activity = page.getByRole('list', { name: 'Recent activity' });
  await expect(activity).toContainText('+₦20,000.00');
  await expect(activity).toContainText('-₦2,500.00');
  await expect(activity).toContainText('-₦7,500.00');
});

test('a customer buys one named account from its page; going back to checkout finds it sold', async ({
  page,
  browser,
}) => {
  const { email, password } = await createCustomer(page, 'buyer');
  await creditWallet(browser, email, 5_000);
  await signInAsCustomer(page, email, password);
  const res = await page.request.get('/api/catalogue/categories/twitter');
  const { groups } = (await res.json()) as CategoryResponse;
  const account = groups.find((g) => g.name === GROUP)!.sampleAccounts[0]!;

  await page.goto(`/product/${account.id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(`/checkout?account=${account.id}`);
  await expect(page.getByText(`@${account.username}`)).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText('₦2,500.00');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(page.getByText('Purchase Successful! 🎉')).toBeVisible();
  await expect(page.getByRole('article', { name: `@${account.username}` })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByText('Account not found or no longer available')).toBeVisible();
});

test('/order-history shows the same page, empty for a new customer', async ({ page }) => {
  const { email, password } = await createCustomer(page, 'buyer');
  await signInAsCustomer(page, email, password);
  await expect(
    page.getByText('No recent activity. Start by topping up your wallet!'),
  ).toBeVisible();
  await page.goto('/order-history');
  await expect(page.getByRole('heading', { name: 'No Orders Found' })).toBeVisible();
  await expect(page.getByText("You haven't made any purchases yet.")).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Browse Products', exact: true }),
  ).toHaveAttribute('href', '/products');
});

test('a checkout left open on one device buys nothing once the customer signs out everywhere else from another', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const { email, password } = await createCustomer(page, 'twodevices');
  await signInAsCustomer(page, email, password);
  await creditWallet(browser, email, 10_000);
  // The phone: checkout open (its requests just now let the server remember this session for the purchase).
  await buyFromProducts(page, 1);
  await expect(page.getByTestId('checkout-balance')).toHaveText('₦10,000.00');

  // The laptop: signs in and ends every other session.
  const laptopContext = await browser.newContext();
  try {
    const laptop = await laptopContext.newPage();
    await signInAsCustomer(laptop, email, password);
    await laptop.goto('/profile');
    const devices = laptop.getByRole('list', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await laptop.getByRole('button', { name: 'Sign Out Everywhere Else' }).click();
    await expect(devices.getByRole('listitem')).toHaveCount(1);

    // Back on the phone: the purchase is refused, the app knows it is signed out and offers the sign-in form,
    // and nothing was bought or debited.
    await page.getByRole('button', { name: 'Complete Purchase' }).click();
    await expect(page.getByText('Please sign in to continue.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    const { orders } = (await (await laptop.request.get('/api/orders')).json()) as OrderList;
    expect(orders).toHaveLength(0);
    await laptop.goto('/wallet');
    await expect(laptop.getByText('₦10,000.00').first()).toBeVisible();
  } finally {
    await laptopContext.close();
  }
});

for (const width of [375, 1280]) {
  test(`a purchase shows one success toast, clear of the header's balance and menu (${width} px)`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const { email, password } = await createCustomer(page, `toast${width}`);
    await creditWallet(browser, email, 5_000);
    await signInAsCustomer(page, email, password);
    await buyFromProducts(page, 1);
    await page.getByRole('button', { name: 'Complete Purchase' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    const toasts = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
    await expect(toasts.filter({ hasText: 'Purchase Successful! 🎉' })).toBeVisible();
    // Give a second toast the time it would take to arrive, then count.
    await page.waitForTimeout(1_000);
    await expect(toasts).toHaveCount(1);
    const header = await page.getByRole('banner').boundingBox();
    const toast = await toasts.first().boundingBox();
    expect(toast!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  });
}
