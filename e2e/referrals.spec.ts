// Referral rewards, as people meet them: customer A copies their link from the dashboard, a visitor follows it,
// signs up, confirms, tops up through the sandbox checkout, and A's dashboard shows the referral and the earning
// (5% of ₦1,000 by default); the admin sees both customers tied in the user details.
import { openAdminView } from './admin-console.ts';
import { expect, test } from '@playwright/test';
import { createCustomer, mailboxLink, signIn, signInAsAdmin } from './customers.ts';
import { startTopup } from './topup.ts';

test.describe.configure({ timeout: 120_000 });

test('a customer copies their link, a friend signs up through it and tops up, and the customer earns', async ({
  browser,
}) => {
  // Customer A, in a browser of their own; the clipboard is theirs to read back.
  const aContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const a = await aContext.newPage();
  const customerA = await createCustomer(a, 'referrer');
  await signIn(a, customerA.email, customerA.password);
  await expect(a).toHaveURL(/\/dashboard$/);
  const card = a.getByRole('region', { name: 'Invite friends, earn credit' });
  await expect(card.getByLabel('Your referral link')).toContainText('/r/');
  await expect(card.getByTestId('referral-count')).toHaveText('0');
  await card.getByRole('button', { name: 'Copy link' }).click();
  await expect(a.getByText('Referral link copied!')).toBeVisible();
  const link = await a.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/^http:\/\/localhost:\d+\/r\/[a-z2-9]{12}$/);
  await expect(card.getByLabel('Your referral link')).toHaveText(link);

  // A visitor on another device follows the link and lands on sign-up.
  const vContext = await browser.newContext();
  const v = await vContext.newPage();
  await v.goto(link);
  await expect(v).toHaveURL(/\/register$/);
  const email = `referred${Date.now()}@example.com`;
  await v.getByLabel('Email').fill(email);
  await v.getByLabel('Password', { exact: true }).fill('secret1');
  await v.getByLabel('Confirm Password').fill('secret1');
  await v.getByRole('button', { name: 'Create Account' }).click();
  await expect(v.getByText('Account created!')).toBeVisible();
  await v.goto(await mailboxLink(v, email, '/email-confirmation'));
  await expect(v.getByRole('heading', { name: 'Email confirmed!' })).toBeVisible();
  await signIn(v, email, 'secret1');
  await expect(v).toHaveURL(/\/dashboard$/);

  // The friend tops up ₦1,000 through the sandbox provider's checkout.
  await v.goto('/wallet');
  const popup = await startTopup(v, '1000');
  await popup.getByRole('button', { name: /^Pay / }).click();
  await expect(
    popup.getByRole('heading', { name: /Payment Successful!|Payment Already Processed!/ }),
  ).toBeVisible();
  await popup.close();
  await expect(v.getByTestId('wallet-balance')).toHaveText('₦1,000.00');

  // A's dashboard: one referral, ₦50 earned, and the reward in Recent Activity; the wallet holds it.
  await a.reload();
  await expect(card.getByTestId('referral-count')).toHaveText('1');
  await expect(card.getByTestId('referral-earnings')).toHaveText('₦50.00');
  await expect(a.getByTestId('wallet-balance')).toHaveText('₦50.00');
  await expect(a.getByRole('list', { name: 'Recent activity' })).toContainText(
    'Referral reward: 5% of a top-up by a customer you referred',
  );

  // The admin sees the tie under A, with what it earned.
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  await openAdminView(admin, 'Users');
  await admin.getByLabel('Search users').fill(customerA.email);
  await admin.getByRole('button', { name: 'Search' }).click();
  const row = admin.getByRole('row').filter({ hasText: customerA.email });
  await expect(row).toContainText('1 · ₦50.00');
  await row.getByRole('button', { name: 'View' }).click();
  const referrals = admin.getByRole('region', { name: 'Referrals' });
  await expect(referrals).toContainText(email);
  await expect(referrals).toContainText('1 rewarded top-up');
  await expect(referrals).toContainText('tied');
  await Promise.all([aContext.close(), vContext.close(), admin.context().close()]);
});
