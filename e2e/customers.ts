// e2e fixtures: a confirmed customer, registered through the API and the local mailbox (the UI flow itself is
// covered in accounts.spec), and signing in through the form.
import { expect, type Browser, type Page } from '@playwright/test';
import { e2eAdmin } from '../playwright.config.ts';

/** Fills and sends the sign-in form of the page already open (/login, or where a guard sent the visitor). */
export async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Opens /login and signs in; waits for the form first, as the page's code loads on demand. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await fillSignIn(page, email, password);
}

/** Signs in as the demo admin, who lands on the console. */
export async function signInAsAdmin(page: Page) {
  await signIn(page, e2eAdmin.email, e2eAdmin.password);
  await expect(page).toHaveURL(/\/admin\/overview$/);
}

export async function createCustomer(
  page: Page,
  prefix = 'customer',
): Promise<{ email: string; password: string }> {
  const email = `${prefix}${Date.now()}@example.com`;
  const password = 'secret1';
  // Each made-up customer signs up from an address of its own, as real ones do (the store trusts the local proxy).
  const clientAddress = `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password, confirmPassword: password },
    headers: { 'X-Forwarded-For': clientAddress },
  });
  expect(registered.status()).toBe(201);
  const link = await mailboxLink(page, email, '/email-confirmation');
  const confirmed = await page.request.post('/api/auth/confirm-email', {
    data: { token_hash: new URL(link).searchParams.get('token_hash'), type: 'email' },
  });
  expect(confirmed.ok()).toBe(true);
  return { email, password };
}

/** The newest link to `pathname` in the local mailbox's e-mail to `to` (waits for it to arrive). */
export async function mailboxLink(page: Page, to: string, pathname: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/dev/mailbox');
      const { messages } = (await res.json()) as { messages: { to: string; text: string }[] };
      const urls = messages
        .filter((m) => m.to === to)
        .flatMap((m) => m.text.match(/http:\/\/\S+/g) ?? []);
      link = urls.find((u) => new URL(u).pathname === pathname) ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/** The admin credits the customer's wallet, from a browser context of their own. */
export async function creditWallet(
  browser: Browser,
  email: string,
  amountNaira: number,
): Promise<void> {
  const admin = await browser.newContext();
  try {
    expect((await admin.request.post('/api/auth/login', { data: e2eAdmin })).ok()).toBe(true);
    const found = await admin.request.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
    const { users } = (await found.json()) as { users: { id: string; email: string }[] };
    const user = users.find((u) => u.email === email)!;
    const adjusted = await admin.request.post(`/api/admin/users/${user.id}/adjust`, {
      data: { action: 'credit', amountKobo: amountNaira * 100, reason: 'e2e purchase float' },
    });
    expect(adjusted.ok()).toBe(true);
  } finally {
    await admin.close();
  }
}

function randomOctet(): number {
  return Math.floor(Math.random() * 254) + 1;
}
