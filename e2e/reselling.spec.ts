// Reselling a supplier's stock (issue 54), across two stores of this kind: on the supplier, its owner stocks a
// template and our account there is funded and holds a purchase key; on ours, the owner connects the supplier in
// Settings → Suppliers and lists the template at a 20 % markup; a customer buys two and sees their credentials.
// The customer paid our price twice, we paid the supplier's twice, and the supplier's stock fell by two.
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import type { OrderList } from '../src/shared/orders.ts';
import { e2eAdmin, e2eSupplierPort } from '../playwright.config.ts';
import { openAdminView } from './admin-console.ts';
import { createCustomer, creditWallet, signIn, signInAsAdmin } from './customers.ts';

const supplierUrl = `http://localhost:${e2eSupplierPort}`;

/** The supplier's side, through its API: a stocked template, and our funded account there with a purchase key. */
async function preparedSupplier(name: string) {
  const owner = await request.newContext({ baseURL: supplierUrl });
  expect((await owner.post('/api/auth/login', { data: e2eAdmin })).ok()).toBe(true);
  const created = await owner.post('/api/admin/product-groups', {
    data: { productName: name, categoryId: 'instagram', priceKobo: 100_000 },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const groupId = ((await created.json()) as { item: { id: string } }).item.id;
  const rows = Array.from({ length: 5 }, (_, i) => `resold_${Date.now()}_${i},,pw${i},,,,`);
  const upload = await owner.post(`/api/admin/product-groups/${groupId}/upload`, {
    headers: { 'content-type': 'text/csv' },
    data: ['Username,Email,Password,Email_Password,Two_FA,Followers,Bio', ...rows].join('\n'),
  });
  expect(upload.ok(), await upload.text()).toBe(true);

  const us = await request.newContext({ baseURL: supplierUrl });
  const email = `reseller${Date.now()}@example.com`;
  const password = 'reseller-pass-1';
  expect(
    (
      await us.post('/api/auth/register', { data: { email, password, confirmPassword: password } })
    ).status(),
  ).toBe(201);
  const mail = (await (await us.get('/api/dev/mailbox')).json()) as {
    messages: { to: string; text: string }[];
  };
  const link = mail.messages
    .filter((m) => m.to === email)
    .flatMap((m) => m.text.match(/http:\/\/\S+/g) ?? [])
    .find((u) => new URL(u).pathname === '/email-confirmation')!;
  const tokenHash = new URL(link).searchParams.get('token_hash');
  expect(
    (
      await us.post('/api/auth/confirm-email', { data: { token_hash: tokenHash, type: 'email' } })
    ).ok(),
  ).toBe(true);
  expect((await us.post('/api/auth/login', { data: { email, password } })).ok()).toBe(true);
  const found = (await (
    await owner.get(`/api/admin/users?search=${encodeURIComponent(email)}`)
  ).json()) as {
    users: { id: string; email: string }[];
  };
  const userId = found.users.find((u) => u.email === email)!.id;
  const credited = await owner.post(`/api/admin/users/${userId}/adjust`, {
    data: { action: 'credit', amountKobo: 1_000_000, reason: 'reseller float' },
  });
  expect(credited.ok(), await credited.text()).toBe(true);
  const key = await us.post('/api/me/api-keys', {
    data: { name: 'My store', scopes: ['read', 'purchase'] },
  });
  expect(key.status(), await key.text()).toBe(201);
  return { owner, us, groupId, apiKey: ((await key.json()) as { secret: string }).secret };
}

const stockOf = async (owner: APIRequestContext, groupId: string) =>
  (
    (await (await owner.get('/api/admin/catalogue')).json()) as {
      productGroups: { id: string; stockCount: number }[];
    }
  ).productGroups.find((g) => g.id === groupId)!.stockCount;
const balanceOf = async (context: APIRequestContext) =>
  ((await (await context.get('/api/wallet')).json()) as { balanceKobo: number }).balanceKobo;

test('an owner connects a supplier, lists its product at a markup, and a customer buys two and sees them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Upstream Gram ${Date.now()}`;
  const supplier = await preparedSupplier(name);
  const supplierStock = await stockOf(supplier.owner, supplier.groupId);
  const ourBalanceThere = await balanceOf(supplier.us);

  // Our owner connects the supplier and lists the template at 20 % over its ₦1,000.
  await signInAsAdmin(page);
  await openAdminView(page, 'Suppliers');
  const form = page.getByRole('form', { name: 'Connect a supplier' });
  await form.getByLabel('Supplier name').fill('Big Supplier');
  await form.getByLabel('Store address').fill(supplierUrl);
  await form.getByLabel('API key').fill(supplier.apiKey);
  await form.getByRole('button', { name: 'Connect Supplier' }).click();
  const products = page.getByRole('table', { name: 'Products of Big Supplier' });
  const row = products.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('₦1,000');
  await expect(page.getByText('₦10,000.00').or(page.getByText('₦10,000')).first()).toBeVisible();
  await row.getByRole('button', { name: `List ${name} for sale` }).click();
  const dialog = page.getByRole('dialog', { name: 'List for sale' });
  await dialog.getByLabel('Name in my store').fill(`Resold ${name}`);
  await dialog.getByLabel('Markup (%)').fill('20');
  await expect(dialog).toContainText('Customers pay ₦1,200');
  await dialog.getByRole('button', { name: 'List for Sale' }).click();
  await expect(row).toContainText(`Resold ${name}, ₦1,200.00 (+20%)`);

  // A customer buys two of them from the products page.
  const customer = await createCustomer(page, 'resold');
  await creditWallet(browser, customer.email, 10_000);
  const shopper = await browser.newPage();
  await signIn(shopper, customer.email, customer.password);
  await expect(shopper).toHaveURL(/\/dashboard$/);
  await shopper.goto('/products');
  const card = shopper.getByRole('article', { name: `Resold ${name}` });
  await card.getByLabel('Quantity').fill('2');
  await card.getByRole('button', { name: 'Buy Now' }).click();
  await shopper.getByRole('button', { name: 'Complete Purchase' }).click();
  await expect(shopper).toHaveURL(/\/orders$/);
  const { orders } = (await (await shopper.request.get('/api/orders')).json()) as OrderList;
  const order = orders[0]!;
  expect([order.status, order.quantity, order.amountKobo]).toEqual(['completed', 2, 240_000]);
  const bought = shopper
    .locator('article', { hasText: `Order ID: ${order.id.slice(0, 8)}` })
    .first();
  await bought.getByRole('button', { name: 'Show Credentials' }).click();
  await expect(bought.getByRole('region', { name: 'Account 2' })).toContainText(
    order.accounts[1]!.username,
  );

  // Money and stock on both sides: ₦2,400 from our customer, ₦2,000 from us at the supplier, two fewer there.
  expect(await balanceOf(shopper.request)).toBe(1_000_000 - 240_000);
  expect(await balanceOf(supplier.us)).toBe(ourBalanceThere - 200_000);
  expect(await stockOf(supplier.owner, supplier.groupId)).toBe(supplierStock - 2);
  await shopper.close();
});
