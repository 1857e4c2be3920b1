// After the sale: a customer reports a bad account, the admin replaces it and the customer sees the new
// credentials; a second report is refunded and the wallet shows the refund. On the demo seed
// (Facebook Fresh Account: ₦1,500, 15 in stock).
import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { CatalogueResponse } from '../src/shared/catalogue.ts';
import type { CustomerOrder, PurchaseResult } from '../src/shared/orders.ts';
import { createCustomer, creditWallet, signIn, signInAsAdmin } from './customers.ts';

const GROUP = 'Facebook Fresh Account';

async function buyTwo(page: Page): Promise<CustomerOrder> {
  const { groups } = (await (await page.request.get('/api/catalogue')).json()) as CatalogueResponse;
  const group = groups.find((g) => g.name === GROUP)!;
  const res = await page.request.post('/api/orders', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: { productGroupId: group.id, quantity: 2 },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as PurchaseResult).order;
}

async function report(page: Page, username: string, reason: string) {
  await page.goto('/orders');
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await dialog.getByRole('checkbox', { name: `@${username}` }).check();
  await dialog.getByLabel('Reason').selectOption({ label: reason });
  await dialog.getByLabel('Note (optional)').fill('It asks for a code sent to the old owner.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('We received your report of 1 account')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Accounts and reports' })).toContainText(
    'Under review',
  );
}

async function resolveAs(admin: Page, username: string, action: 'Replace' | 'Refund') {
  await admin.goto('/admin?tab=reports');
  const card = admin.getByRole('article', { name: `Report of @${username}` });
  await expect(card).toContainText('Wrong password');
  await card.getByRole('button', { name: action }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: action }).click();
  await expect(
    admin.getByText(action === 'Replace' ? 'Account replaced' : 'Refunded ₦1,500.00'),
  ).toBeVisible();
  await expect(card).toHaveCount(0);
}

test('a reported account is replaced and shows its new credentials; a second report is refunded to the wallet', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { email, password } = await createCustomer(page, 'reporter');
  await creditWallet(browser, email, 5_000);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const order = await buyTwo(page);
  const [first, second] = order.items;
  await page.goto('/orders');
  await expect(page.getByText(/Warranty: report a problem until/)).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);

  // 1. Report → Replace: the customer sees the replacement's credentials instead of the bad account's.
  await report(page, first!.username, 'Wrong password');
  await resolveAs(admin, first!.username, 'Replace');
  await page.reload();
  const items = page.getByRole('list', { name: 'Accounts and reports' });
  await expect(
    items.getByRole('listitem').filter({ hasText: `@${first!.username}` }),
  ).toContainText('Replaced');
  await page.getByRole('button', { name: 'Show Credentials' }).click();
  const shown = page.getByRole('region', { name: /Account \d/ });
  await expect(shown).toHaveCount(2);
  await expect(shown.filter({ hasText: first!.username })).toHaveCount(0);
  await expect(shown.filter({ hasText: second!.username })).toHaveCount(1);

  // 2. Report → Refund: the wallet shows the refund and the balance is back up by the price.
  await report(page, second!.username, 'Wrong password');
  await resolveAs(admin, second!.username, 'Refund');
  await page.goto('/wallet');
  await expect(page.getByText('₦3,500.00').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Transaction History' }).click();
  const refund = page.getByRole('listitem').filter({ hasText: 'Refund' }).first();
  await expect(refund).toContainText('+₦1,500.00');
  await expect(refund).toContainText(`@${second!.username}`);
  await adminContext.close();
});

/** The subjects and texts of the local mailbox's e-mails to `to` (newest first). */
async function mailTo(page: Page, to: string) {
  const res = await page.request.get('/api/dev/mailbox');
  const { messages } = (await res.json()) as {
    messages: { to: string; subject: string; text: string }[];
  };
  return messages.filter((m) => m.to === to);
}

async function resolveByApi(admin: Page, username: string, body: object) {
  const res = await admin.request.get('/api/admin/reports?status=open');
  const { reports } = (await res.json()) as {
    reports: { id: string; account: { username: string } }[];
  };
  const found = reports.find((r) => r.account.username === username)!;
  const resolved = await admin.request.post(`/api/admin/reports/${found.id}/resolve`, {
    data: body,
  });
  expect(resolved.ok()).toBe(true);
}

for (const width of [375, 1280]) {
  test(`a rejection and a refund are e-mailed; the order card shows the refund and the account still held (${width} px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const { email, password } = await createCustomer(page, `refunded${width}`);
    await creditWallet(browser, email, 5_000);
    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const order = await buyTwo(page);
    const [first, second] = order.items;
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);

    // A rejection reaches the customer by e-mail with the admin's reason, word for word.
    await report(page, first!.username, 'Wrong password');
    await resolveByApi(admin, first!.username, {
      action: 'reject',
      reason: 'We signed in with it today: it works.',
    });
    await expect
      .poll(async () => (await mailTo(page, email)).map((m) => m.subject))
      .toContain(`About your report on order ${order.id.slice(0, 8)}`);
    const rejection = (await mailTo(page, email)).find((m) => m.subject.startsWith('About'))!;
    expect(rejection.text).toContain('We signed in with it today: it works.');
    expect(rejection.text).toContain(`@${first!.username}`);

    // A refund reaches the customer by e-mail; the order card says so and samples the account still held.
    await report(page, first!.username, 'Wrong password');
    await resolveByApi(admin, first!.username, { action: 'refund' });
    await expect
      .poll(async () => (await mailTo(page, email)).map((m) => m.subject))
      .toContain(`Refund for order ${order.id.slice(0, 8)}`);
    const refund = (await mailTo(page, email)).find((m) => m.subject.startsWith('Refund'))!;
    expect(refund.text).toContain('We refunded ₦1,500.00 to your wallet');
    await page.goto('/orders');
    const card = page.getByRole('article', { name: '2 accounts' });
    await expect(card).toContainText('Refunded ₦1,500.00 to your wallet');
    const details = card.getByRole('definition');
    await expect(details.filter({ hasText: `@${second!.username}` })).toHaveCount(1);
    await expect(details.filter({ hasText: `@${first!.username}` })).toHaveCount(0);
    await expect(card).toContainText('1 of 2 (the rest refunded)');
    await expect(page.getByTestId('summary-total-spent')).toHaveText('₦1,500.00');
    await adminContext.close();
  });
}
