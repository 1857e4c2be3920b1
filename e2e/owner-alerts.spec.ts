// The owner's Telegram alerts in the console: the card says the bot is configured, sends a test message to the
// (fake) Bot API, saves which kinds to receive; a customer's order then reaches the chat as a message naming
// the order, without the customer's address. Screenshots of the card in both themes at 375 and 1280 px.
import { openAdminView } from './admin-console.ts';
import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { CatalogueResponse } from '../src/shared/catalogue.ts';
import { startFakeTelegram, type FakeTelegram } from '../src/server/test/fake-telegram.ts';
import { e2eTelegram, e2eTelegramPort } from '../playwright.config.ts';
import { createCustomer, creditWallet, signIn, signInAsAdmin } from './customers.ts';

test.describe.configure({ timeout: 90_000 });

let telegram: FakeTelegram;
test.beforeAll(async () => {
  telegram = await startFakeTelegram({
    port: e2eTelegramPort,
    token: e2eTelegram.TELEGRAM_BOT_TOKEN,
    chatId: e2eTelegram.TELEGRAM_CHAT_ID,
  });
});
test.afterAll(() => telegram.close());

async function openAlerts(page: Page) {
  await openAdminView(page, 'Alerts');
  await expect(page.getByRole('heading', { name: 'Owner Alerts (Telegram)' })).toBeVisible();
}

test('the admin tests the bot, switches a kind off, and hears of an order in the chat', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  await openAlerts(page);
  await expect(page.getByText('Configured', { exact: true })).toBeVisible();
  await expect(page.getByText('Chat …3210')).toBeVisible();

  await page.getByRole('button', { name: 'Send test message' }).click();
  await expect(page.getByText('Test message sent: check your Telegram chat.')).toBeVisible();
  expect(telegram.messages.at(-1)!.text).toMatch(/^✅ Test message from http:\/\/localhost:\d+/);

  const lowStock = page.getByRole('checkbox', { name: /Low stock/ });
  await lowStock.uncheck();
  await page.getByRole('button', { name: 'Save alert settings' }).click();
  await expect(page.getByText('Alert settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Low stock/ })).not.toBeChecked();
  await page.getByRole('checkbox', { name: /Low stock/ }).check();
  await page.getByRole('button', { name: 'Save alert settings' }).click();
  await expect(page.getByText('Alert settings saved.')).toBeVisible();

  // A customer buys: the owner's chat hears of the order, and never of who bought it.
  const buyer = await browser.newContext();
  const shopper = await buyer.newPage();
  const customer = await createCustomer(shopper, 'alerted');
  await creditWallet(browser, customer.email, 5_000);
  await signIn(shopper, customer.email, customer.password);
  await expect(shopper).toHaveURL(/\/dashboard$/);
  const { groups } = (await (
    await shopper.request.get('/api/catalogue')
  ).json()) as CatalogueResponse;
  const group = groups.find((g) => g.name === 'Facebook Fresh Account')!;
  const bought = await shopper.request.post('/api/orders', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: { productGroupId: group.id, quantity: 1 },
  });
  expect(bought.status()).toBe(201);
  const { order } = (await bought.json()) as { order: { id: string } };
  await buyer.close();
  const ref = `ORD-${order.id.slice(0, 8).toUpperCase()}`;
  await expect
    .poll(() => telegram.messages.find((m) => m.text.includes(ref))?.text, { timeout: 20_000 })
    .toMatch(new RegExp(`^🛒 New order ${ref}\\n1 × Facebook Fresh Account\\n₦`));
  for (const m of telegram.messages) expect(m.text).not.toContain(customer.email);
});

for (const theme of ['light', 'dark'] as const)
  for (const width of [375, 1280])
    test(`the alerts card reads well at ${width} px, ${theme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signInAsAdmin(page);
      await openAlerts(page);
      const card = page.getByRole('tabpanel', { name: 'Alerts' }).locator('section');
      await expect(card.getByRole('checkbox')).toHaveCount(5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await card.screenshot({ path: `.tmp/screenshots/owner-alerts-${theme}-${width}.png` });
    });
