// Integration tests of the admin catalogue and stock API: who may call it, categories, templates, Add Product,
// account edits, stock_count, encryption at rest and the audit log.
import crypto from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminMessages as m,
  type AdminAccountDetails,
  type AdminCatalogue,
} from '../../../shared/admin-catalogue.ts';
import type { CatalogueResponse } from '../../../shared/catalogue.ts';
import { fundWallet, SAME_ORIGIN, signedInUser } from '../../test/auth-helpers.ts';
import { stockCountOf } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { categories, productGroups } from './catalogue.tables.ts';

const { app, db } = await createTestApp();
const admin = await signedInUser(app, db, { isAdmin: true });
const customer = await signedInUser(app, db);

async function api(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object | string,
  cookie: string | null = admin.cookie,
) {
  const headers: Record<string, string> = { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) };
  if (typeof payload === 'string') headers['content-type'] = 'text/csv';
  const res = await app.inject({ method, url, payload, headers });
  return {
    status: res.statusCode,
    body: res.headers['content-type']?.includes('json') ? res.json() : res.body,
  };
}
async function ok(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const res = await api(method, url, payload);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
}
const newCategory = async (name: string): Promise<string> =>
  (await ok('POST', '/api/admin/categories', { name })).item.id;
const newTemplate = async (
  categoryId: string,
  productName: string,
  priceKobo = 150_000,
): Promise<string> =>
  (await ok('POST', '/api/admin/product-groups', { productName, categoryId, priceKobo })).item.id;
const product = (categoryId: string, title: string, username: string, extra: object = {}) => ({
  title,
  categoryId,
  priceKobo: 150_000,
  username,
  password: `pw-${username}`,
  ...extra,
});
const addProduct = async (input: object) => (await ok('POST', '/api/admin/accounts', input)).item;
const stockOf = (productGroupId: string) => stockCountOf(db, productGroupId);
/** An order made the way the store makes them: the customer is funded, then buys through the API. */
async function buy(productGroupId: string, accountId?: string) {
  await fundWallet(db, customer.user.id, 150_000);
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: customer.cookie, ...SAME_ORIGIN, 'idempotency-key': crypto.randomUUID() },
    payload: { productGroupId, quantity: 1, ...(accountId ? { accountId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.id, (res.json() as { order: { id: string } }).order.id));
  return order!;
}
async function snapshot() {
  const tables = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.id)),
    db.select().from(productGroups).orderBy(asc(productGroups.id)),
    db.select().from(stockAccounts).orderBy(asc(stockAccounts.id)),
    db.select().from(auditLog).orderBy(asc(auditLog.id)),
  ]);
  return JSON.stringify(tables);
}

describe('who may call the admin catalogue and stock API', async () => {
  const cat = await newCategory('Access Test');
  const emptyCat = await newCategory('Access Empty');
  const tpl = await newTemplate(cat, 'Access Template');
  const archived = await newTemplate(cat, 'Access Archived');
  await ok('POST', `/api/admin/product-groups/${archived}/archive`);
  const acc = (await addProduct(product(cat, 'Access Template', 'access_user'))).id;
  const routes: [string, string, (object | string)?][] = [
    ['GET', '/api/admin/catalogue'],
    ['POST', '/api/admin/categories', { name: 'Sneaky' }],
    ['PATCH', `/api/admin/categories/${cat}`, { name: 'Renamed' }],
    ['DELETE', `/api/admin/categories/${emptyCat}`],
    ['POST', '/api/admin/product-groups', { productName: 'Sneaky', categoryId: cat, priceKobo: 1 }],
    [
      'PATCH',
      `/api/admin/product-groups/${tpl}`,
      { productName: 'Renamed', categoryId: cat, priceKobo: 1 },
    ],
    ['DELETE', `/api/admin/product-groups/${tpl}`],
    ['POST', `/api/admin/product-groups/${tpl}/archive`],
    ['POST', `/api/admin/product-groups/${archived}/restore`],
    ['POST', `/api/admin/product-groups/${tpl}/upload`, 'username,password\nsneaky,sneaky-pw\n'],
    ['GET', `/api/admin/product-groups/${tpl}/export.csv`],
    ['GET', '/api/admin/accounts'],
    ['GET', `/api/admin/accounts/${acc}`],
    ['PATCH', `/api/admin/accounts/${acc}`, { username: 'renamed', status: 'reserved' }],
    ['DELETE', `/api/admin/accounts/${acc}`],
    ['POST', '/api/admin/accounts', product(cat, 'Sneaky', 'sneaky')],
  ];
  const cases = routes.flatMap(([method, url, payload]) => [
    { who: 'anonymous', cookie: null, status: 401, method, url, payload },
    { who: 'a customer', cookie: customer.cookie, status: 403, method, url, payload },
  ]);
  it.each(cases)(
    '$who: $method $url answers $status and changes nothing',
    async ({ cookie, status, method, url, payload }) => {
      const before = await snapshot();
      const res = await api(method as 'GET', url, payload, cookie);
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN');
      expect(await snapshot()).toBe(before);
    },
  );
});

describe('categories', () => {
  it("creates a category whose id is the slug of its name, and audits it with the admin's e-mail", async () => {
    const res = await api('POST', '/api/admin/categories', {
      name: 'Snap Chat',
      description: 'Snaps',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Category created successfully!',
      item: {
        id: 'snap-chat',
        name: 'Snap Chat',
        description: 'Snaps',
        isActive: true,
        productGroupCount: 0,
      },
    });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.targetId, 'snap-chat'));
    expect(audit).toMatchObject({
      action: 'category.create',
      actorEmail: admin.user.email,
      actorUserId: admin.user.id,
    });
  });

  it.each([{}, { name: '' }, { name: '   ' }])(
    "answers 'Please fill in category name' to %o and creates nothing",
    async (payload) => {
      const before = await snapshot();
      expect(await api('POST', '/api/admin/categories', payload)).toEqual({
        status: 400,
        body: { error: { code: 'VALIDATION_FAILED', message: 'Please fill in category name' } },
      });
      expect(await snapshot()).toBe(before);
    },
  );

  it('refuses a second category with the same slug (409)', async () => {
    await newCategory('Dup Cat');
    expect(await api('POST', '/api/admin/categories', { name: ' dup  CAT ' })).toMatchObject({
      status: 409,
      body: { error: { message: m.categoryExists } },
    });
  });

  it('edits name and description, keeping the id', async () => {
    const id = await newCategory('Edit Me');
    const res = await api('PATCH', `/api/admin/categories/${id}`, {
      name: 'Edited',
      description: 'New words',
    });
    expect(res).toMatchObject({
      status: 200,
      body: {
        message: 'Category updated successfully!',
        item: { id: 'edit-me', name: 'Edited', description: 'New words' },
      },
    });
    expect((await api('PATCH', '/api/admin/categories/no-such', { name: 'X' })).status).toBe(404);
  });

  it('refuses to delete a category that still has templates, and deletes it once empty', async () => {
    const id = await newCategory('Delete Me');
    const tpl = await newTemplate(id, 'Delete Me Template');
    expect(await api('DELETE', `/api/admin/categories/${id}`)).toMatchObject({
      status: 409,
      body: { error: { message: m.categoryHasProductGroups } },
    });
    await ok('DELETE', `/api/admin/product-groups/${tpl}`);
    expect(await api('DELETE', `/api/admin/categories/${id}`)).toEqual({
      status: 200,
      body: { message: 'Category deleted successfully!' },
    });
    const list: AdminCatalogue = (await api('GET', '/api/admin/catalogue')).body;
    expect(list.categories.map((c) => c.id)).not.toContain(id);
  });
});

describe('product templates', async () => {
  const cat = await newCategory('Templates');

  it('creates an active template with stock 0 and lists it with its category name', async () => {
    const res = await api('POST', '/api/admin/product-groups', {
      productName: 'T Create',
      categoryId: cat,
      priceKobo: 250_000,
      description: 'd',
      features: ['Email access'],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Product template created successfully!');
    expect(res.body.item).toMatchObject({
      name: 'T Create',
      categoryId: cat,
      categoryName: 'Templates',
      priceKobo: 250_000,
      stockCount: 0,
      isActive: true,
      accountCount: 0,
      features: ['Email access'],
    });
    const list: AdminCatalogue = (await api('GET', '/api/admin/catalogue')).body;
    expect(list.productGroups.find((t) => t.id === res.body.item.id)).toEqual(res.body.item);
  });

  it.each([
    { productName: '' },
    { productName: undefined },
    { categoryId: ' ' },
    { priceKobo: undefined },
  ])("answers 'Please fill in all required fields' when %o", async (change) => {
    const res = await api('POST', '/api/admin/product-groups', {
      productName: 'T Missing',
      categoryId: cat,
      priceKobo: 100,
      ...change,
    });
    expect(res).toEqual({
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', message: 'Please fill in all required fields' } },
    });
  });

  it("answers 'Selected category not found' for an unknown category, on create and on update", async () => {
    const input = { productName: 'T Unknown', categoryId: 'no-such', priceKobo: 100 };
    expect(await api('POST', '/api/admin/product-groups', input)).toMatchObject({
      status: 400,
      body: { error: { message: 'Selected category not found' } },
    });
    const id = await newTemplate(cat, 'T Unknown');
    expect(await api('PATCH', `/api/admin/product-groups/${id}`, input)).toMatchObject({
      status: 400,
      body: { error: { message: 'Selected category not found' } },
    });
  });

  it('updates name, description, price and features', async () => {
    const id = await newTemplate(cat, 'T Update');
    const res = await api('PATCH', `/api/admin/product-groups/${id}`, {
      productName: 'T Updated',
      categoryId: cat,
      priceKobo: 99_00,
      description: 'new',
      features: ['x'],
    });
    expect(res).toMatchObject({
      status: 200,
      body: {
        message: m.productGroupUpdated,
        item: { name: 'T Updated', priceKobo: 9900, description: 'new', features: ['x'] },
      },
    });
  });

  it('archive hides the template (and its category) from the catalogue and keeps existing orders; restore shows it again', async () => {
    const own = await newCategory('Archive Cat');
    const id = await newTemplate(own, 'T Archive');
    await addProduct(product(own, 'T Archive', 'arch_user'));
    const order = await buy(id);
    const visible = async () =>
      (
        (await app.inject({ method: 'GET', url: '/api/catalogue' })).json() as CatalogueResponse
      ).groups.some((g) => g.id === id);
    expect(await visible()).toBe(true);
    expect(await api('POST', `/api/admin/product-groups/${id}/archive`)).toMatchObject({
      status: 200,
      body: { message: m.productGroupArchived, item: { isActive: false } },
    });
    expect(await visible()).toBe(false);
    expect(await db.select().from(orders).where(eq(orders.id, order.id))).toEqual([order]);
    expect(await api('POST', `/api/admin/product-groups/${id}/restore`)).toMatchObject({
      status: 200,
      body: { message: m.productGroupRestored, item: { isActive: true } },
    });
    expect(await visible()).toBe(true);
  });

  it('refuses to delete a template with orders, with accounts, or archived; deletes an empty active one', async () => {
    const withOrder = await newTemplate(cat, 'T Del Orders');
    await addProduct(product(cat, 'T Del Orders', 'del_order_user'));
    await buy(withOrder);
    expect(await api('DELETE', `/api/admin/product-groups/${withOrder}`)).toMatchObject({
      status: 409,
      body: {
        error: {
          message:
            'Cannot delete product group that has existing orders. Please archive it instead or contact support.',
        },
      },
    });
    const withAccount = await newTemplate(cat, 'T Del Accounts');
    await addProduct(product(cat, 'T Del Accounts', 'del_user'));
    expect(await api('DELETE', `/api/admin/product-groups/${withAccount}`)).toMatchObject({
      status: 409,
      body: {
        error: {
          message:
            'Cannot delete product group that has existing accounts. Please remove all accounts first.',
        },
      },
    });
    const archived = await newTemplate(cat, 'T Del Archived');
    await ok('POST', `/api/admin/product-groups/${archived}/archive`);
    expect(await api('DELETE', `/api/admin/product-groups/${archived}`)).toMatchObject({
      status: 409,
      body: { error: { message: m.deleteArchived } },
    });
    const empty = await newTemplate(cat, 'T Del Empty');
    expect(await api('DELETE', `/api/admin/product-groups/${empty}`)).toEqual({
      status: 200,
      body: { message: 'Product template deleted successfully!' },
    });
    expect(await db.select().from(productGroups).where(eq(productGroups.id, empty))).toEqual([]);
    expect((await api('DELETE', `/api/admin/product-groups/${empty}`)).status).toBe(404);
  });
});

describe('Add Product and account edits', async () => {
  const cat = await newCategory('Products');

  it.each(['title', 'categoryId', 'priceKobo', 'username', 'password'])(
    'answers the SPEC message when %s is missing',
    async (field) => {
      const input: Record<string, unknown> = product(cat, 'P Missing', 'missing_user');
      delete input[field];
      expect(await api('POST', '/api/admin/accounts', input)).toEqual({
        status: 400,
        body: { error: { code: 'VALIDATION_FAILED', message: m.accountRequired } },
      });
    },
  );

  it("answers 'Selected category not found' for an unknown category", async () => {
    expect(await api('POST', '/api/admin/accounts', product('no-such', 'P', 'u'))).toMatchObject({
      status: 400,
      body: { error: { message: 'Selected category not found' } },
    });
  });

  it("creates '{Category} - General' (active) for a category without templates, and reuses it", async () => {
    const own = await newCategory('Threads App');
    const res = await api('POST', '/api/admin/accounts', product(own, 'Anything', 'threads_1'));
    expect(res).toMatchObject({
      status: 201,
      body: {
        message: 'Product added successfully!',
        item: { productGroupName: 'Threads App - General', status: 'available' },
      },
    });
    const second = await addProduct(product(own, 'Something else', 'threads_2'));
    expect(second.productGroupId).toBe(res.body.item.productGroupId);
    const [general] = await db
      .select()
      .from(productGroups)
      .where(eq(productGroups.id, second.productGroupId));
    expect(general).toMatchObject({ isActive: true, stockCount: 2 });
  });

  it('puts the account in the template whose name matches the title', async () => {
    const id = await newTemplate(cat, 'P Named');
    expect((await addProduct(product(cat, 'p named', 'named_user'))).productGroupId).toBe(id);
  });

  it('recomputes stock_count after add, edit (reserved is not counted) and delete', async () => {
    const id = await newTemplate(cat, 'P Stock');
    const a = await addProduct(product(cat, 'P Stock', 'stock_a'));
    await addProduct(product(cat, 'P Stock', 'stock_b'));
    expect(await stockOf(id)).toBe(2);
    const edit = await api('PATCH', `/api/admin/accounts/${a.id}`, {
      username: 'stock_a',
      status: 'reserved',
    });
    expect(edit).toMatchObject({
      status: 200,
      body: { message: 'Account updated successfully!', item: { status: 'reserved' } },
    });
    expect(await stockOf(id)).toBe(1);
    await ok('PATCH', `/api/admin/accounts/${a.id}`, { username: 'stock_a', status: 'available' });
    expect(await stockOf(id)).toBe(2);
    expect(await api('DELETE', `/api/admin/accounts/${a.id}`)).toEqual({
      status: 200,
      body: { message: 'Account deleted successfully!' },
    });
    expect(await stockOf(id)).toBe(1);
  });

  it('keeps the stored e-mail when an edit leaves it out, and removes it when an edit sends it empty', async () => {
    const a = await addProduct(product(cat, 'P Mail', 'mail_a', { email: 'mail_a@mail.example' }));
    const emailOf = async () =>
      (
        await db
          .select({ email: stockAccounts.email })
          .from(stockAccounts)
          .where(eq(stockAccounts.id, a.id))
      )[0]!.email;
    await ok('PATCH', `/api/admin/accounts/${a.id}`, { username: 'mail_a2', status: 'available' });
    expect(await emailOf()).toBe('mail_a@mail.example');
    await ok('PATCH', `/api/admin/accounts/${a.id}`, {
      username: 'mail_a2',
      email: '',
      status: 'available',
    });
    expect(await emailOf()).toBeNull();
  });

  it('refuses a second account with the same username in a template (409), case-insensitively', async () => {
    const id = await newTemplate(cat, 'P Dup');
    await addProduct(product(cat, 'P Dup', 'Dup_User'));
    expect(
      await api('POST', '/api/admin/accounts', product(cat, 'P Dup', 'dup_user')),
    ).toMatchObject({ status: 409, body: { error: { message: m.duplicateAccount } } });
    expect(await stockOf(id)).toBe(1);
  });

  it('refuses to edit or delete a sold account (409)', async () => {
    const sold = await addProduct(product(cat, 'P Sold', 'sold_user'));
    await buy(sold.productGroupId, sold.id);
    const before = await snapshot();
    expect(
      await api('PATCH', `/api/admin/accounts/${sold.id}`, { username: 'x', status: 'available' }),
    ).toMatchObject({ status: 409, body: { error: { message: m.accountSold } } });
    expect(await api('DELETE', `/api/admin/accounts/${sold.id}`)).toMatchObject({
      status: 409,
      body: { error: { message: m.accountSold } },
    });
    expect(await snapshot()).toBe(before);
  });
});

describe('credentials at rest', async () => {
  const cat = await newCategory('Secrets');
  const secrets = {
    password: 'Plain-Pass-1234',
    emailPassword: 'Mailbox-Pass-5678',
    twoFaCode: 'TWOFA-CODE-9012',
  };

  it('stores ciphertext only, shows the decrypted values on the details route and never in the list', async () => {
    const item = await addProduct(
      product(cat, 'S', 'secret_user', { email: 'secret@mail.example', ...secrets }),
    );
    const raw = await db.execute<Record<string, Buffer>>(
      sql`select password_enc, email_password_enc, two_fa_code_enc from individual_accounts where id = ${item.id}`,
    );
    const stored = Object.values(raw.rows[0]!);
    expect(stored).toHaveLength(3);
    for (const bytes of stored) {
      expect(Buffer.isBuffer(bytes)).toBe(true);
      for (const plain of Object.values(secrets))
        expect(bytes.includes(Buffer.from(plain))).toBe(false);
    }
    const details: AdminAccountDetails = (await api('GET', `/api/admin/accounts/${item.id}`)).body;
    expect(details).toMatchObject({
      ...secrets,
      username: 'secret_user',
      email: 'secret@mail.example',
      categoryName: 'Secrets',
    });
    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/accounts?search=secret',
      headers: { cookie: admin.cookie },
    });
    expect(list.json().accounts.map((a: { id: string }) => a.id)).toEqual([item.id]);
    for (const plain of Object.values(secrets)) expect(list.body).not.toContain(plain);
    expect(list.body).not.toMatch(/password|_enc|twoFa/i);
  });
});
