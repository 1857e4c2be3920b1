// A reseller makes an API key in Profile, sees it once, uses it on /api/v1, and revokes it; the reference page
// /developers opens under the store's CSP.
import { expect, test } from '@playwright/test';
import { createCustomer, signIn } from './customers.ts';

test.describe.configure({ timeout: 90_000 });

test('a customer makes an API key in Profile, shown once, uses it on /api/v1, then revokes it', async ({
  page,
}) => {
  const { email, password } = await createCustomer(page, 'reseller');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'API keys' });
  await card.getByLabel('Key name').fill('Telegram bot');
  await card.getByLabel(/^Purchase/).check();
  await card.getByRole('button', { name: 'Create key' }).click();
  await expect(card.getByRole('status')).toContainText('it is not shown again');
  const secret = await card.getByLabel(/Your new key/).inputValue();
  expect(secret).toMatch(/^rk_/);
  const keys = card.getByRole('list', { name: 'API keys' });
  await expect(keys).toContainText('Telegram bot');
  await expect(keys).toContainText('read, purchase');
  await expect(keys).toContainText('never used');

  const balance = await page.request.get('/api/v1/balance', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(await balance.json()).toEqual({ balanceKobo: 0, currency: 'NGN' });
  await page.reload();
  await expect(keys).toContainText('last used');
  // Shown once: after a reload the key itself is nowhere on the page.
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.getByLabel(/Your new key/)).toHaveCount(0);

  await keys.getByRole('button', { name: 'Revoke key Telegram bot' }).click();
  await expect(keys).toContainText('revoked');
  const refused = await page.request.get('/api/v1/balance', {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(refused.status()).toBe(401);
});

test('the API reference at /developers lists the operations, with no CSP violation', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto('/developers');
  await expect(page.getByRole('heading', { name: /Reseller API/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'POST /api/v1/orders' })).toBeVisible();
  await page.getByRole('link', { name: '/api/v1/openapi.json' }).click();
  await expect(page.locator('body')).toContainText('"openapi":"3.1.0"');
  expect(violations).toEqual([]);
});
