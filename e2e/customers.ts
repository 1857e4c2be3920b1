// e2e fixture: a confirmed customer, registered through the API and the local mailbox (the UI flow itself is
// covered in accounts.spec).
import { expect, type Page } from '@playwright/test';

export async function createCustomer(page: Page, prefix = 'customer'): Promise<{ email: string; password: string }> {
  const email = `${prefix}${Date.now()}@example.com`;
  const password = 'secret1';
  const registered = await page.request.post('/api/auth/register', { data: { email, password, confirmPassword: password } });
  expect(registered.status()).toBe(201);
  let link = '';
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/dev/mailbox');
      const { messages } = (await res.json()) as { messages: { to: string; text: string }[] };
      link = /http:\/\/\S+/.exec(messages.find((m) => m.to === email)?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const confirmed = await page.request.post('/api/auth/confirm-email', {
    data: { token_hash: new URL(link).searchParams.get('token_hash'), type: 'email' },
  });
  expect(confirmed.ok()).toBe(true);
  return { email, password };
}
