// A customer manages their own account in the browser: forgot → local mailbox → reset → sign in; change the
// e-mail through the mailbox; look after signed-in devices; delete the account after seeing the balance.
import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config.ts';
import { createCustomer, fillSignIn, mailboxLink, signIn } from './customers.ts';

// Each walks several pages and the mailbox; on a busy machine that takes longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test('a customer who forgot the password resets it from the local mailbox and signs in with the new one', async ({
  page,
}) => {
  const { email, password } = await createCustomer(page, 'forgetful');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The sign-in form, which also has an Email field, stays on screen until the new page's code has arrived.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that e-mail');

  await page.goto('/dev/mailbox');
  const message = page
    .locator('article', { hasText: email })
    .filter({ hasText: 'Reset your AcctStore password' })
    .first();
  await message.getByRole('link', { name: /reset-password/ }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('brand-new-1');
  await page.getByLabel('Confirm New Password').fill('brand-new-2');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('brand-new-1');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Your password was changed. Please sign in with your new password.'),
  ).toBeVisible();

  await fillSignIn(page, email, password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password').fill('brand-new-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link was single use, and the page says so as it opens: nothing to type first.
  const used = await mailboxLink(page, email, '/reset-password');
  await page.goto(new URL(used).pathname + new URL(used).search);
  await expect(page.getByRole('heading', { name: 'Reset link not valid' })).toBeVisible();
  await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
});

for (const width of [375, 1280]) {
  test(`a made-up reset link says "Reset link not valid" as the page opens (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/reset-password?token=${'x'.repeat(43)}`);
    await expect(page.getByRole('heading', { name: 'Reset link not valid' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toHaveCount(0);
    await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Ask for a New Link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
}

test('a customer changes the e-mail address through the link sent to the new one', async ({
  page,
}) => {
  const { email, password } = await createCustomer(page, 'mover');
  const newEmail = `moved${Date.now()}@example.com`;
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  await page.getByRole('textbox', { name: 'Full name' }).fill('Ada Mover');
  await page.getByRole('button', { name: 'Save Name' }).click();
  await expect(page.getByText('Name saved.')).toBeVisible();
  await expect(page.getByText('Ada Mover').first()).toBeVisible();

  await page.getByLabel('New e-mail address').fill(newEmail);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Change E-mail' }).click();
  await expect(page.getByText('We sent a confirmation link to the new address.')).toBeVisible();

  await page.goto('/dev/mailbox');
  await page
    .locator('article', { hasText: newEmail })
    .first()
    .getByRole('link', { name: /email-change/ })
    .click();
  await expect(page.getByRole('heading', { name: 'E-mail changed' })).toBeVisible();
  await expect(page.getByText(`Your account's e-mail address is now ${newEmail}.`)).toBeVisible();
  await page.goto('/dev/mailbox');
  await expect(
    page
      .locator('article', { hasText: 'Your AcctStore e-mail address was changed' })
      .filter({ hasText: email })
      .first(),
  ).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByText(newEmail).first()).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, newEmail, password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a customer signs out another device and changes the password', async ({ page, browser }) => {
  const { email, password } = await createCustomer(page, 'twodevices');
  const other = await browser.newContext({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  });
  // The second device signs in through the API (its cookies are the context's): its pages are not what is tested.
  expect((await other.request.post('/api/auth/login', { data: { email, password } })).ok()).toBe(
    true,
  );
  expect((await other.request.get('/api/me')).status()).toBe(200);

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByText('This device')).toBeVisible();
  await devices.getByRole('button', { name: /Sign out Firefox on Linux/ }).click();
  await expect(page.getByText('Signed out of that device.')).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  expect((await other.request.get('/api/me')).status()).toBe(401);
  await other.close();

  const passwordSection = page.getByRole('form', { name: 'Change password' });
  await passwordSection.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('newer-pass');
  await page.getByLabel('Confirm new password').fill('newer-pass');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your current password is not correct.')).toBeVisible();
  await passwordSection.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    page.getByText('Password changed. Your other devices were signed out.'),
  ).toBeVisible();
});

test('a customer deletes the account after seeing the balance and the support contact', async ({
  page,
  browser,
}) => {
  const { email, password } = await createCustomer(page, 'leaving');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Money left in the wallet: an admin credits ₦500 (through the API; the console has its own tests).
  const { id } = (await (await page.request.get('/api/me')).json()) as { id: string };
  const admin = await browser.newContext();
  expect((await admin.request.post('/api/auth/login', { data: e2eAdmin })).ok()).toBe(true);
  expect(
    (
      await admin.request.post(`/api/admin/users/${id}/adjust`, {
        data: { action: 'credit', amountKobo: 500_00, reason: 'e2e' },
      })
    ).ok(),
  ).toBe(true);
  await admin.close();

  await page.goto('/profile');
  const section = page.getByRole('heading', { name: 'Delete my account' }).locator('..');
  await expect(
    section.getByText(
      /Your wallet still holds ₦500\.00\. The store cannot refund a balance by itself/,
    ),
  ).toBeVisible();
  await expect(section.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await section.getByRole('button', { name: 'Delete My Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Delete Permanently' }).click();
  await expect(dialog.getByText('Your current password is not correct.')).toBeVisible();
  await dialog.getByLabel('Your password').fill(password);
  await dialog.getByRole('button', { name: 'Delete Permanently' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account was deleted.')).toBeVisible();

  await signIn(page, email, password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});
