// Issue 41 as one walk: the admin creates a promo code in the console for a template with a volume price; a friend
// signs up through customer A's referral link, tops up through the sandbox checkout, buys two accounts at the tier
// price with the code; the friend's dashboard shows the purchase at the price paid, A's the referral and the reward.
import { openAdminView } from './admin-console.ts';
import { expect, test } from '@playwright/test';
import { createCustomer, mailboxLink, signIn, signInAsAdmin } from './customers.ts';
import { uploadAccounts } from './stock.ts';
import { startTopup } from './topup.ts';

test('a referred friend tops up and buys two at the tier price with a promo code; both dashboards show it', async ({
  browser,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const template = `Sell More ${stamp}`;
  const code = `FRIEND${stamp}`.toUpperCase();

  // The admin: a template at ₦1,000 with a volume price (from 2, ₦900 each), four accounts, and a 10% code.
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  const category = await admin.request.post('/api/admin/categories', {
    data: { name: `Sell More Cat ${stamp}` },
  });
  expect(category.ok(), await category.text()).toBe(true);
  const categoryId = ((await category.json()) as { item: { id: string } }).item.id;
  const group = await admin.request.post('/api/admin/product-groups', {
    data: {
      productName: template,
      categoryId,
      priceKobo: 100_000,
      volumePrices: [{ minQuantity: 2, priceKobo: 90_000 }],
    },
  });
  expect(group.ok(), await group.text()).toBe(true);
  const groupId = ((await group.json()) as { item: { id: string } }).item.id;
  await uploadAccounts(admin, groupId, `sm_${stamp}`, 4);
  await openAdminView(admin, 'Promotions');
  const promo = admin.getByRole('form', { name: 'Create Promo Code' });
  await promo.getByLabel('Code').fill(code);
  await promo.getByLabel('Percent off').fill('10');
  await promo.getByLabel('Uses in all').fill('3');
  await promo.getByRole('button', { name: 'Create Promo Code' }).click();
  await expect(admin.getByText('Promo code created successfully!')).toBeVisible();

  // Customer A's link, read from their dashboard.
  const a = await (await browser.newContext()).newPage();
  const customerA = await createCustomer(a, 'sellmore-referrer');
  await signIn(a, customerA.email, customerA.password);
  await expect(a).toHaveURL(/\/dashboard$/);
  const card = a.getByRole('region', { name: 'Invite friends, earn credit' });
  const link = (await card.getByLabel('Your referral link').textContent())!.trim();
  expect(link).toMatch(/\/r\/[a-z2-9]{12}$/);

  // The friend follows it, signs up, confirms and tops up ₦5,000.
  const friend = await (await browser.newContext()).newPage();
  await friend.goto(link);
  await expect(friend).toHaveURL(/\/register$/);
  const email = `sellmore${stamp}@example.com`;
  await friend.getByLabel('Email').fill(email);
  await friend.getByLabel('Password', { exact: true }).fill('secret1');
  await friend.getByLabel('Confirm Password').fill('secret1');
  await friend.getByRole('button', { name: 'Create Account' }).click();
  await expect(friend.getByText('Account created!')).toBeVisible();
  await friend.goto(await mailboxLink(friend, email, '/email-confirmation'));
  await expect(friend.getByRole('heading', { name: 'Email confirmed!' })).toBeVisible();
  await signIn(friend, email, 'secret1');
  // Signed in before going on: leaving the page at once would abort the sign-in's request.
  await expect(friend).toHaveURL(/\/dashboard$/);
  await friend.goto('/wallet');
  const popup = await startTopup(friend, '5000');
  await popup.getByRole('button', { name: /^Pay / }).click();
  await expect(
    popup.getByRole('heading', { name: /Payment Successful!|Payment Already Processed!/ }),
  ).toBeVisible();
  await popup.close();
  await expect(friend.getByTestId('wallet-balance')).toHaveText('₦5,000.00');

  // Two at the tier price (₦1,800), 10% off with the code: ₦1,620.
  await friend.goto(`/checkout?group=${groupId}&quantity=2`);
  await expect(friend.getByTestId('checkout-total')).toHaveText('₦1,800.00');
  const promoField = friend.getByRole('form', { name: 'Promo code' });
  await promoField.getByLabel('Promo code').fill(code);
  await promoField.getByRole('button', { name: 'Apply' }).click();
  await expect(friend.getByTestId('checkout-discount')).toHaveText('−₦180.00');
  await expect(friend.getByTestId('checkout-total')).toHaveText('₦1,620.00');
  await friend.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(friend).toHaveURL(/\/orders$/);
  await expect(friend.getByRole('article').filter({ hasText: template })).toContainText(
    '₦1,620.00',
  );

  // The friend's dashboard: the purchase at what was paid, and the balance after it.
  await friend.goto('/dashboard');
  await expect(friend.getByRole('list', { name: 'Recent activity' })).toContainText('-₦1,620.00');
  await expect(friend.getByTestId('wallet-balance')).toHaveText('₦3,380.00');

  // A's dashboard: one referral, 5% of the ₦5,000 top-up earned and in the wallet.
  await a.reload();
  await expect(card.getByTestId('referral-count')).toHaveText('1');
  await expect(card.getByTestId('referral-earnings')).toHaveText('₦250.00');
  await expect(a.getByTestId('wallet-balance')).toHaveText('₦250.00');

  // The console counts the code's use and its revenue.
  await admin.reload();
  await openAdminView(admin, 'Promotions');
  const codeRow = admin.getByRole('row', { name: new RegExp(code) });
  await expect(codeRow).toContainText('1 / 3');
  await expect(codeRow).toContainText('₦1,620.00');
  await Promise.all([admin.context().close(), a.context().close(), friend.context().close()]);
});
