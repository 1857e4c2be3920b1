// Identity in the browser: the owner of an ADMIN_EMAILS address becomes admin through the invitation, turns on
// two-factor sign-in on /profile, signs out, signs in with password and code, and credits a wallet after a
// step-up code; a wrong code is refused and counted by the limit. Codes come from the same TOTP library.
import { openAdminView } from './admin-console.ts';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { e2eListedAdmin } from '../playwright.config.ts';
import { createCustomer, fillSignIn, mailboxLink, signIn } from './customers.ts';

const PASSWORD = 'owner-admin-pass';

/** An authenticator app that never shows a code twice: each code is of a newer 30-second step than the last. */
function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  let last = -Infinity;
  return async function nextCode(page: Page): Promise<string> {
    for (;;) {
      const now = totp.counter();
      // The store accepts one step either way of its clock; a step already used is refused.
      const step = Math.max(last + 1, now - 1);
      if (step <= now + 1) {
        last = step;
        return totp.generate({ timestamp: step * 30_000 + 1_000 });
      }
      await page.waitForTimeout(2_000);
    }
  };
}

test('an invited admin turns on two-factor sign-in, signs in with a code and steps up to credit a wallet', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer(page, 'stepup');

  // Whoever registers the listed address gets no rights; its owner is invited to set the password.
  const registered = await page.request.post('/api/auth/register', {
    data: {
      email: e2eListedAdmin,
      password: 'chosen-by-anyone',
      confirmPassword: 'chosen-by-anyone',
    },
    headers: { 'X-Forwarded-For': '10.77.0.1' },
  });
  expect(registered.status()).toBe(201);
  const confirm = await mailboxLink(page, e2eListedAdmin, '/email-confirmation');
  await page.goto(confirm);
  await expect(page.getByRole('heading', { name: 'Email confirmed!' })).toBeVisible();
  await page.goto(await mailboxLink(page, e2eListedAdmin, '/reset-password'));
  await page.getByLabel('New Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm New Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await fillSignIn(page, e2eListedAdmin, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/overview$/);

  // Enrol on /profile: the QR code and the key in text; the app's code turns it on; recovery codes once.
  await page.goto('/profile');
  const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
  await twoFactor.getByLabel('Current password').fill(PASSWORD);
  await twoFactor.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByLabel('Set-up key').textContent())!.trim();
  const nextCode = authenticator(secret);
  await page.getByLabel('Authentication code').fill(await nextCode(page));
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await page.getByRole('button', { name: 'I Have Saved Them' }).click();
  await expect(page.getByText(/^On\. Signing in asks for a code/)).toBeVisible();

  // Sign out, then in again: the password, then the code.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, e2eListedAdmin, PASSWORD);
  await expect(page.getByText('Two-factor sign-in is on for this account.')).toBeVisible();
  await page.getByLabel('Authentication code').fill(await nextCode(page));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/overview$/);

  // A balance adjustment asks for a fresh code; a wrong one is refused, the right one lets it through.
  await openAdminView(page, 'Users');
  await page.getByLabel('Search users').fill(customer.email);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page
    .getByRole('table', { name: 'Users' })
    .getByRole('row')
    .filter({ hasText: customer.email });
  await row.getByRole('button', { name: 'Adjust Balance' }).click();
  const adjust = page.getByRole('dialog', { name: 'Adjust Balance' });
  await adjust.getByLabel('Amount (₦)').fill('1000');
  await adjust.getByLabel('Reason').fill('e2e step-up credit');
  await adjust.getByRole('button', { name: 'Add Funds' }).click();
  await expect(
    adjust.getByText('Enter a code from your authenticator app to confirm this action.'),
  ).toBeVisible();
  await adjust.getByLabel('Authentication code').fill('000000');
  await adjust.getByRole('button', { name: 'Confirm' }).click();
  await expect(adjust.getByRole('alert')).toHaveText(
    'That code is not right. Check your authenticator app and try again.',
  );
  await adjust.getByLabel('Authentication code').fill(await nextCode(page));
  await adjust.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByText('Balance adjusted successfully! New balance: ₦1,000.00'),
  ).toBeVisible();
  await expect(adjust).toHaveCount(0);

  // Within the few minutes of that code, the stock export (decrypted credentials) downloads without another.
  await openAdminView(page, 'Templates');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).first().click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  // The wrong code above was counted: four more wrong codes reach the limit of five, and the next is refused.
  const wrong = () => page.request.post('/api/me/two-factor/step-up', { data: { code: '000000' } });
  for (let i = 0; i < 4; i++) expect((await wrong()).status()).toBe(400);
  const limited = await wrong();
  expect(limited.status()).toBe(429);
  expect((await limited.json()).error.message).toBe(
    'Too many wrong codes. Please wait 15 minutes and try again.',
  );
});
