// A reseller registers a webhook in Profile, sees its signing secret once, buys, and the signed order.completed
// reaches their local receiver (verified with the snippet's steps); a refused delivery shows as retrying in the
// delivery log, and Resend sends a delivered one again. Screenshots of the section: light and dark, 375 and 1280.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { createCustomer, creditWallet, signIn } from './customers.ts';

test.describe.configure({ timeout: 120_000 });

type Got = { body: string; signature: string };

async function receiver() {
  const got: Got[] = [];
  let status = 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['x-acctstore-signature']),
      });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    got,
    answerWith: (code: number) => void (status = code),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the /developers snippet does: HMAC-SHA256 of "<t>.<body>", within five minutes. */
function verifies(secret: string, { body, signature }: Got): boolean {
  const parts = Object.fromEntries(signature.split(',').map((p) => p.split('=')));
  const t = Number(parts.t);
  const expected = crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return Math.abs(Date.now() / 1000 - t) <= 300 && parts.v1 === expected;
}

async function buyOne(page: Page) {
  const catalogue = (await (await page.request.get('/api/catalogue')).json()) as {
    groups: { id: string; stockCount: number; priceKobo: number }[];
  };
  const group = catalogue.groups.find((g) => g.stockCount > 0 && g.priceKobo <= 500_000)!;
  const bought = await page.request.post('/api/orders', {
    headers: { origin: new URL(page.url()).origin, 'idempotency-key': crypto.randomUUID() },
    data: { productGroupId: group.id, quantity: 1 },
  });
  expect(bought.status()).toBe(201);
}

test('a customer registers a webhook; a purchase arrives signed; the log shows retries and Resend', async ({
  page,
  browser,
}) => {
  const hook = await receiver();
  try {
    const { email, password } = await createCustomer(page, 'webhooks');
    await creditWallet(browser, email, 20_000);
    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Webhooks' });
    await card.getByLabel('Endpoint URL').fill(hook.url);
    await card.getByRole('button', { name: 'Add webhook' }).click();
    await expect(card.getByRole('status')).toContainText('not shown again');
    const secret = await card.getByLabel(/Signing secret/).inputValue();
    expect(secret).toMatch(/^whsec_/);

    await buyOne(page);
    await expect.poll(() => hook.got.length, { timeout: 15_000 }).toBe(1);
    expect(verifies(secret, hook.got[0]!)).toBe(true);
    expect(JSON.parse(hook.got[0]!.body)).toMatchObject({ type: 'order.completed' });

    hook.answerWith(500);
    await buyOne(page);
    await expect.poll(() => hook.got.length, { timeout: 15_000 }).toBe(2);
    await page.reload();
    const log = card.getByRole('list', { name: 'Webhook deliveries' });
    await expect(log.getByRole('listitem')).toHaveCount(2);
    await expect(log.getByRole('listitem').nth(0)).toContainText('Retrying');
    await expect(log.getByRole('listitem').nth(0)).toContainText('last answer 500');
    await expect(log.getByRole('listitem').nth(1)).toContainText('Delivered');
    // Shown once: after a reload the secret is nowhere on the page.
    await expect(page.getByText(secret)).toHaveCount(0);

    fs.mkdirSync('.tmp/screens', { recursive: true });
    for (const theme of ['light', 'dark'] as const)
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate((t) => localStorage.setItem('theme', t), theme);
        await page.reload();
        await expect(log.getByRole('listitem')).toHaveCount(2);
        await card.screenshot({ path: `.tmp/screens/webhooks-${theme}-${width}.png` });
      }

    hook.answerWith(200);
    await log.getByRole('button', { name: /^Resend order\.completed/ }).click();
    await expect(card.getByRole('status')).toContainText('Queued');
    await expect.poll(() => hook.got.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const resent = hook.got.at(-1)!;
    expect(verifies(secret, resent)).toBe(true);
  } finally {
    await hook.close();
  }
});
