// The shop owner's screens on a phone and a laptop: the Activity tab reads as sentences naming the customer,
// the balance adjustment says its reason reaches the customer (and it does), Orders shows customer, amount
// and status without a sideways box, and Users leaves deleted accounts out.
import { openAdminView } from './admin-console.ts';
import crypto from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { CatalogueResponse } from '../src/shared/catalogue.ts';
import { createCustomer, creditWallet, signIn, signInAsAdmin } from './customers.ts';

test.describe.configure({ timeout: 90_000 });

/** The box lies within the viewport's width: nothing to scroll sideways to. */
async function expectWithinWidth(page: Page, box: Locator, width: number) {
  const b = (await box.boundingBox())!;
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(width + 0.5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

const openTab = (page: Page, name: string) => openAdminView(page, name);

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('a balance adjustment says its reason reaches the customer; Activity says it in words', async ({
      page,
      browser,
    }) => {
      const customer = await createCustomer(page, `audited${width}`);
      await signInAsAdmin(page);
      await openTab(page, 'Users');
      await page.getByLabel('Search users').fill(customer.email);
      await page.getByRole('button', { name: 'Search' }).click();
      const row = page.getByRole('row').filter({ hasText: customer.email });
      await row.getByRole('button', { name: 'Adjust Balance' }).click();
      const adjust = page.getByRole('dialog', { name: 'Adjust Balance' });
      await expect(adjust.getByLabel('Reason')).toHaveAccessibleDescription(
        "The customer sees this reason, word for word, in their wallet's transaction history.",
      );
      await adjust.getByLabel('Amount (₦)').fill('1000');
      await adjust.getByLabel('Reason').fill('Goodwill for the late delivery');
      await adjust.getByRole('button', { name: 'Add Funds' }).click();
      await expect(adjust).toHaveCount(0);

      await openTab(page, 'Activity');
      const line = page.getByRole('row').filter({
        hasText: `Credited ₦1,000.00 to ${customer.email}`,
      });
      await expect(line).toContainText('Balance: ₦0.00 → ₦1,000.00');
      await expect(line).toContainText('Reason: Goodwill for the late delivery');
      await expect(line).toContainText('admin@acctstore.local');
      await expect(page.getByText('balanceKobo')).toHaveCount(0);
      await expectWithinWidth(page, line, width);

      // The customer sees that reason, word for word, in the wallet's history.
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const own = await context.newPage();
      await signIn(own, customer.email, customer.password);
      await expect(own).toHaveURL(/\/dashboard$/);
      await own.goto('/wallet');
      await own.getByRole('tab', { name: 'Transaction History' }).click();
      await expect(
        own.getByRole('listitem').filter({ hasText: 'Goodwill for the late delivery' }),
      ).toContainText('+₦1,000.00');
      await context.close();
    });

    test('Orders shows each order with its customer, amount and status in view', async ({
      page,
      browser,
    }) => {
      const customer = await createCustomer(page, `ordered${width}`);
      await creditWallet(browser, customer.email, 5_000);
      await signIn(page, customer.email, customer.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      const { groups } = (await (
        await page.request.get('/api/catalogue')
      ).json()) as CatalogueResponse;
      const group = groups.find((g) => g.name === 'Facebook Fresh Account')!;
      const bought = await page.request.post('/api/orders', {
        headers: { 'idempotency-key': crypto.randomUUID() },
        data: { productGroupId: group.id, quantity: 1 },
      });
      expect(bought.status()).toBe(201);
      await page.request.post('/api/auth/logout');

      await signInAsAdmin(page);
      await openTab(page, 'Orders');
      const row = page.getByRole('row').filter({ hasText: customer.email });
      await expect(row).toContainText('Facebook Fresh Account');
      await expect(row).toContainText(/completed/i);
      await expectWithinWidth(page, row, width);
      for (const text of [customer.email, 'completed']) {
        const cell = row.getByRole('cell').filter({ hasText: new RegExp(text, 'i') });
        await expectWithinWidth(page, cell, width);
        // One or two lines, never a letter per line.
        expect((await cell.boundingBox())!.height).toBeLessThan(64);
      }
    });

    test('Users leaves a deleted customer out of the list and Total Users', async ({ page }) => {
      const customer = await createCustomer(page, `leaver${width}`);
      await signIn(page, customer.email, customer.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      const deleted = await page.request.post('/api/me/delete', {
        data: { password: customer.password, shownBalanceKobo: 0 },
      });
      expect(deleted.ok()).toBe(true);

      await signInAsAdmin(page);
      const stats = (await (await page.request.get('/api/admin/stats')).json()) as {
        totalUsers: number;
      };
      await expect(page.getByText('Total Users').locator('..').locator('..')).toContainText(
        String(stats.totalUsers),
      );
      await openTab(page, 'Users');
      await expect(page.getByRole('row').first()).toBeVisible();
      await expect(page.getByText(/deleted\.invalid/)).toHaveCount(0);
      await page.getByLabel('Search users').fill('deleted');
      await page.getByRole('button', { name: 'Search' }).click();
      const row = page.getByRole('row').filter({ hasText: 'Deleted account' }).first();
      await expect(row).toContainText('Deleted');
      await expect(row.getByRole('button', { name: 'Adjust Balance' })).toHaveCount(0);
      await expect(page.getByText(/deleted\.invalid/)).toHaveCount(0);
    });
  });
}

test("an admin's Profile shows no wallet and leads to the console", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  await expect(page.getByText('Wallet Balance')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to Wallet' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin\/overview$/);
});
