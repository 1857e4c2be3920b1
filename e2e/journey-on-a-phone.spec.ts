// The buyer's journey (a) on a cheap phone (issue 52, docs/decisions/036): a signed-in customer with a balance, on a
// touch screen with a CPU four times slower, taps Buy Now, Complete Purchase and Show Credentials, and sees at each
// step what that step promises. The order page shows the purchase and its credentials from the purchase's own answer.
import { expect, test } from '@playwright/test';
import { createCustomer, creditWallet } from './customers.ts';

const GROUP = 'Twitter Aged Account';

test.use({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true });

test('a customer on a slow phone buys from /products and sees the credentials on the order page', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer(page, 'journey');
  await creditWallet(browser, customer.email, 10_000);
  expect((await page.request.post('/api/auth/login', { data: customer })).ok()).toBe(true);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const asked: string[] = [];
  page.on('request', (r) => asked.push(`${r.method()} ${new URL(r.url()).pathname}`));

  await page.goto('/products');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  const card = page.getByRole('article', { name: GROUP });
  await card.getByRole('button', { name: 'Buy Now' }).tap();

  // The checkout: what is bought, the price the server confirmed, the balance, and the button to pay.
  await expect(page).toHaveURL(/\/checkout\?group=[0-9a-f-]+&quantity=1$/);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText(GROUP).first()).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText('₦2,500.00');
  await expect(page.getByTestId('checkout-total')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('checkout-balance')).toHaveText('₦10,000.00');
  const complete = page.getByRole('button', { name: 'Complete Purchase' });
  await expect(complete).toBeEnabled();
  await complete.tap();

  // The order page: the welcome, the new order on top, the balance in the header already lowered.
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('status').filter({ hasText: 'Purchase complete' })).toBeVisible();
  const order = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').first();
  await expect(order.getByRole('heading', { name: /^@twitter_/ })).toBeVisible();
  await expect(order.getByText(GROUP, { exact: true })).toBeVisible();
  await expect(order.getByText('completed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('summary-completed')).toHaveText('1');

  // Show Credentials: the account's username and password, as the purchase answered them.
  await order.getByRole('button', { name: 'Show Credentials' }).tap();
  const account = order.getByRole('region', { name: 'Account 1' });
  await expect(account.getByText('Username', { exact: true })).toBeVisible();
  await expect(account.getByText('Password', { exact: true })).toBeVisible();
  await expect(account.getByRole('button', { name: 'Copy Password' })).toBeVisible();
  expect(asked.filter((r) => /^GET \/api\/orders\/[^/]+\/credentials$/.test(r))).toEqual([]);
  expect(asked.filter((r) => r.startsWith('POST /api/orders/quote')).length).toBeGreaterThan(0);
});
