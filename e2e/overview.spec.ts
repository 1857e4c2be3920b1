// The owner's Overview: sales a customer makes through the store show in today's figures, in the revenue chart's
// table (this hour's row), among the top products and in the stock runway; /admin opens on it.
import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { PurchaseResult } from '../src/shared/orders.ts';
import { createCustomer, creditWallet, signIn, signInAsAdmin } from './customers.ts';
import { uploadAccounts } from './stock.ts';

/** A figure's value as shown ("₦1,234.00" or "12"), as a number. */
const figure = async (page: Page, label: string) => {
  const text = await page
    .getByRole('region', { name: "The period's figures" })
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
    .innerText();
  return Number(text.replace(/[₦,]/g, ''));
};
/** This hour's row of the revenue chart's table: [hour, revenue, orders]. */
const thisHourRow = async (page: Page) => {
  const table = page.getByRole('table', { name: /^Revenue and orders per hour/ });
  const hour = `${new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', hour: '2-digit', hourCycle: 'h23' }).format(new Date())}:00`;
  const cells = await table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: hour, exact: true }) })
    .getByRole('cell')
    .allInnerTexts();
  return { revenue: Number(cells[0]!.replace(/[₦,]/g, '')), orders: Number(cells[1]) };
};

test('sales made through the store appear in today’s figures and chart', async ({ browser }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const template = `Overview ${stamp}`;
  const admin = await (await browser.newContext()).newPage();
  await signInAsAdmin(admin);
  const category = await admin.request.post('/api/admin/categories', {
    data: { name: `Overview Cat ${stamp}` },
  });
  expect(category.ok(), await category.text()).toBe(true);
  const categoryId = ((await category.json()) as { item: { id: string } }).item.id;
  // ₦90,000 each: far above the demo shop's prices, so the template leads today's top products.
  const group = await admin.request.post('/api/admin/product-groups', {
    data: { productName: template, categoryId, priceKobo: 9_000_000 },
  });
  expect(group.ok(), await group.text()).toBe(true);
  const groupId = ((await group.json()) as { item: { id: string } }).item.id;
  await uploadAccounts(admin, groupId, `ov_${stamp}`, 4);

  // The Overview opens the console, on today.
  await expect(admin.getByRole('button', { name: 'Today', pressed: true })).toBeVisible();
  await expect(admin.getByRole('table', { name: /^Revenue and orders per hour/ })).toBeAttached();
  const before = {
    revenue: await figure(admin, 'Revenue'),
    orders: await figure(admin, 'Orders'),
    sold: await figure(admin, 'Accounts sold'),
    hour: await thisHourRow(admin),
  };

  // A customer buys 1 and then 2 through the store.
  const shopper = await (await browser.newContext()).newPage();
  const customer = await createCustomer(shopper, 'overview');
  await creditWallet(browser, customer.email, 300_000);
  await signIn(shopper, customer.email, customer.password);
  await expect(shopper).toHaveURL(/\/dashboard$/);
  for (const quantity of [1, 2]) {
    const res = await shopper.request.post('/api/orders', {
      headers: { 'idempotency-key': crypto.randomUUID() },
      data: { productGroupId: groupId, quantity },
    });
    expect(res.status(), await res.text()).toBe(201);
    expect(((await res.json()) as PurchaseResult).order.quantity).toBe(quantity);
  }

  await admin.reload();
  await expect(admin.getByRole('table', { name: /^Revenue and orders per hour/ })).toBeAttached();
  // Other tests sell meanwhile: at least ours were added.
  expect(await figure(admin, 'Revenue')).toBeGreaterThanOrEqual(before.revenue + 270_000);
  expect(await figure(admin, 'Orders')).toBeGreaterThanOrEqual(before.orders + 2);
  expect(await figure(admin, 'Accounts sold')).toBeGreaterThanOrEqual(before.sold + 3);
  const after = await thisHourRow(admin);
  expect(after.orders).toBeGreaterThanOrEqual(before.hour.orders + 2);
  expect(after.revenue).toBeGreaterThanOrEqual(before.hour.revenue + 270_000);
  const top = admin.getByRole('table', { name: 'Top products by revenue' });
  await expect(top.getByRole('row').nth(1)).toContainText(`${template}₦270,000.00`);
  // 1 left after 3 sold this week: 2.3 days at this pace, under 3, flagged.
  const runway = admin
    .getByRole('table', { name: /^Stock runway/ })
    .getByRole('row')
    .filter({ hasText: template });
  await expect(runway).toContainText('2.3 days');
  await expect(runway.getByRole('cell').last()).toHaveText('yes');
  await Promise.all([admin.context().close(), shopper.context().close()]);
});

for (const width of [375, 1280])
  for (const theme of ['light', 'dark'])
    test(`the Overview reads well at ${width} px, ${theme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signInAsAdmin(page);
      await page.getByRole('button', { name: '7 days' }).click();
      await expect(page.getByRole('button', { name: '7 days', pressed: true })).toBeVisible();
      await expect(page.getByRole('figure', { name: /Revenue/ })).toBeVisible();
      await expect(page.getByRole('table', { name: /^Revenue and orders per day/ })).toBeAttached();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await page.screenshot({
        path: `.tmp/screenshots/overview-${width}-${theme}.png`,
        fullPage: true,
      });
    });
