import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config.ts';
import { createCustomer, fillSignIn, signIn } from './customers.ts';

test('a newcomer registers, confirms from the local mailbox, signs in, sees dashboard and profile, signs out', async ({
  page,
}) => {
  // The first test of the run, on a server that has just started, walking six pages: it ran past 30 s in CI.
  test.setTimeout(60_000);
  const email = `newbie${Date.now()}@example.com`;
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret1');
  await page.getByLabel('Confirm Password').fill('secret2');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('secret1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Account created!')).toBeVisible();

  // Signing in before confirming is refused, with a resend offer.
  await page.getByLabel('Password').fill('secret1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();

  await page.goto('/dev/mailbox');
  const message = page.locator('article', { hasText: email }).first();
  await expect(message).toContainText('Confirm your AcctStore account');
  await message.getByRole('link', { name: /email-confirmation/ }).click();
  await expect(page.getByRole('heading', { name: 'Email confirmed!' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue to Login' }).click();
  await expect(
    page.getByText('Email confirmed! Please log in with your credentials.'),
  ).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦0.00');
  await expect(
    page.getByText('No recent activity. Start by topping up your wallet!'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Wallet' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByText('Customer')).toBeVisible();
  await expect(page.getByText('Active User')).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('a forged confirmation link shows the error with a way back', async ({ page }) => {
  await page.goto('/email-confirmation?token_hash=forgedforgedforgedforged&type=email');
  await expect(
    page.getByText('Unable to confirm email. Please try again or contact support.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Homepage' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Support on WhatsApp' })).toBeVisible();
});

test('a signed-out visitor is sent to /login and a wrong password is refused', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});

test('an admin lands on the console’s Overview, and /login sends a signed-in admin back there', async ({
  page,
}) => {
  await signIn(page, e2eAdmin.email, e2eAdmin.password);
  await expect(page).toHaveURL(/\/admin\/overview$/);
  await expect(page.getByText('Total Users')).toBeVisible();
  // The e2e store takes sandbox payments: the console says so.
  await expect(page.getByRole('status', { name: 'Test payments' })).toContainText(
    'no real money is taken',
  );
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Wallet' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/admin\/overview$/);
});

// The sign-up form itself is the first test's; this customer is registered and confirmed through the API.
test('a customer sent to /login from a guarded page comes back to it, and /admin sends them to /dashboard', async ({
  page,
}) => {
  const { email, password } = await createCustomer(page, 'guarded');
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
});
