// What the admin-catalogue tests share (admin-categories-and-access, admin-product-templates and admin-add-product
// .test.ts): each file calls adminCatalogueTestKit() for a store of its own.
import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { fundWallet, SAME_ORIGIN, signedInUser } from '../auth-helpers.ts';
import { stockCountOf } from '../stock-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { auditLog } from '../../modules/audit/audit.tables.ts';
import { orders } from '../../modules/orders/orders.tables.ts';
import { stockAccounts } from '../../modules/stock/stock.tables.ts';
import { categories, productGroups } from '../../modules/catalogue/catalogue.tables.ts';

export async function adminCatalogueTestKit() {
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
  return {
    app,
    db,
    admin,
    customer,
    api,
    ok,
    newCategory,
    newTemplate,
    product,
    addProduct,
    stockOf,
    buy,
    snapshot,
  };
}
