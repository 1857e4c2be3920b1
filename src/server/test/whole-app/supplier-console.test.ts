// The console's Suppliers (issue 54) against a real supplier store: connecting one checks its key (refused, not a
// store, or no answer saves nothing), shows our balance there and its products; a product put on sale at a markup
// or at a fixed price is a group of ours whose stock is the supplier's and whose marked-up price follows the
// supplier's; a refresh brings what changed there, a product gone there shows no stock; a customer buys two.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { supplierMessages, type Supplier } from '../../../shared/suppliers.ts';
import { WEBHOOK_SIGNATURE_HEADER } from '../../../shared/webhooks.ts';
import { SIGNATURE_REFUSED } from '../../modules/suppliers/receive-supplier-webhook.ts';
import { signWebhook } from '../../modules/webhooks/sign-webhook.ts';
import { quickAdmin, quickCustomer, SAME_ORIGIN } from '../auth-helpers.ts';
import { recomputeStockCount } from '../../modules/stock/stock-count.ts';
import { stockAccounts } from '../../modules/stock/stock.tables.ts';
import { startTwoStores } from '../reseller-harness.ts';
import { insertGroupWithStock, stockCountOf, testCipher } from '../stock-helpers.ts';

const { supplier, app, db, buy, expectNoFaults } = await startTwoStores(5000);
const admin = await quickAdmin(db);
const upstream = await insertGroupWithStock(supplier.db, { accounts: 5, priceKobo: 100_000 });
const category = `resold-${crypto.randomBytes(3).toString('hex')}`;
await db.execute(sql`insert into categories (id, name) values (${category}, 'Resold')`);

const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { cookie: admin.cookie, ...SAME_ORIGIN }, payload });
const connect = (apiKey: string, baseUrl = supplier.url) =>
  post('/api/admin/suppliers', { name: 'Big Supplier', baseUrl, apiKey });
const productOf = (s: Supplier) => s.products.find((p) => p.upstreamId === upstream.id)!;
const suppliersNow = async () =>
  (await app.inject({ url: '/api/admin/suppliers', headers: { cookie: admin.cookie } })).json<{
    suppliers: Supplier[];
  }>().suppliers;

describe('connecting a supplier', () => {
  it('refuses a key the supplier refuses, an address that is no store, and one that does not answer; saves nothing', async () => {
    const refused = await connect('acct_live_not-a-real-key-0000000000');
    expect([refused.statusCode, refused.json().error.message]).toEqual([
      400,
      supplierMessages.keyRefused,
    ]);
    const page = http.createServer((_req, res) => res.end('<!doctype html><title>A shop</title>'));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const noStore = await connect(
      supplier.apiKey,
      `http://127.0.0.1:${(page.address() as AddressInfo).port}`,
    );
    page.close();
    expect(noStore.json().error.message).toBe(supplierMessages.notAStore);
    const silent = await connect(supplier.apiKey, 'http://127.0.0.1:9');
    expect(silent.json().error.message).toBe(supplierMessages.unreachable);
    expect(await suppliersNow()).toEqual([]);
  });

  it('checks the key, then shows our balance there, its products, prices and stock; the key never shows', async () => {
    const res = await connect(supplier.apiKey);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain(supplier.apiKey);
    const [s] = await suppliersNow();
    expect(s).toMatchObject({ name: 'Big Supplier', status: 'ok', balanceKobo: 100_000_000 });
    expect(s!.keyHint).toBe(supplier.apiKey.slice(-4));
    expect(productOf(s!)).toMatchObject({
      priceKobo: 100_000,
      stockCount: 5,
      offered: true,
      listing: null,
    });
    expect((await connect(supplier.apiKey)).json().error.message).toBe(
      supplierMessages.alreadyConnected,
    );
    const [row] = (await db.execute(sql`select api_key_enc from suppliers`)).rows as {
      api_key_enc: Buffer;
    }[];
    expect(testCipher.decrypt(row!.api_key_enc)).toBe(supplier.apiKey);
  });

  it('warns when our balance there is under the threshold', async () => {
    await db.execute(sql`update suppliers set low_balance_kobo = 200000000`);
    expect((await suppliersNow())[0]!.balanceLow).toBe(true);
    await db.execute(sql`update suppliers set low_balance_kobo = 1000000`);
    expect((await suppliersNow())[0]!.balanceLow).toBe(false);
  });
});

describe('selling a supplier product', () => {
  it('at a markup: our group shows the supplier stock and its price plus 25 %, which follows the supplier after a refresh', async () => {
    const [s] = await suppliersNow();
    const listed = await post(
      `/api/admin/suppliers/${s!.id}/products/${productOf(s!).id}/listing`,
      {
        priceRule: 'markup',
        name: 'Resold Gram',
        categoryId: category,
        markupBasisPoints: 2500,
      },
    );
    expect(listed.statusCode, listed.body).toBe(201);
    const groupId = listed.json().id as string;
    expect(productOf((await suppliersNow())[0]!).listing).toMatchObject({
      productGroupId: groupId,
      priceKobo: 125_000,
      priceRule: 'markup',
    });
    expect(await stockCountOf(db, groupId)).toBe(5);

    // The supplier changes its price and gets two more accounts: a refresh brings both.
    await supplier.db.execute(
      sql`update product_groups set price_kobo = 200000 where id = ${upstream.id}`,
    );
    await supplier.db.insert(stockAccounts).values(
      ['extra_1', 'extra_2'].map((username) => ({
        productGroupId: upstream.id,
        username,
        passwordEnc: testCipher.encrypt(`pw-${username}`),
      })),
    );
    await recomputeStockCount(supplier.db, upstream.id);
    const refreshed = await post(`/api/admin/suppliers/${s!.id}/refresh`, {});
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(productOf((await suppliersNow())[0]!).listing!.priceKobo).toBe(250_000);
    expect(await stockCountOf(db, groupId)).toBe(7);

    // A customer buys two and sees them; the supplier's stock fell by two.
    const before = await stockCountOf(supplier.db, upstream.id);
    const customer = await quickCustomer(db, 1_000_000);
    const bought = await buy(customer.cookie, groupId, 2);
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body.order.status).toBe('completed');
    expect(await stockCountOf(supplier.db, upstream.id)).toBe(before - 2);
    await expectNoFaults('console listing');
  });

  it('at a fixed price; a product gone from the supplier shows no stock after a refresh', async () => {
    const other = await insertGroupWithStock(supplier.db, { accounts: 3, priceKobo: 50_000 });
    const [s] = await suppliersNow();
    await post(`/api/admin/suppliers/${s!.id}/refresh`, {});
    const product = (await suppliersNow())[0]!.products.find((p) => p.upstreamId === other.id)!;
    const listed = await post(`/api/admin/suppliers/${s!.id}/products/${product.id}/listing`, {
      priceRule: 'fixed',
      name: 'Resold Tok',
      categoryId: category,
      priceKobo: 70_000,
    });
    const groupId = listed.json().id as string;
    expect(await stockCountOf(db, groupId)).toBe(3);
    await supplier.db.execute(
      sql`update product_groups set is_active = false where id = ${other.id}`,
    );
    await post(`/api/admin/suppliers/${s!.id}/refresh`, {});
    const gone = (await suppliersNow())[0]!.products.find((p) => p.upstreamId === other.id)!;
    expect(gone).toMatchObject({ offered: false, stockCount: 0 });
    expect(gone.listing!.priceKobo).toBe(70_000);
    expect(await stockCountOf(db, groupId)).toBe(0);
  });
});

describe("a supplier's webhook", () => {
  it('is refused without the signature of the secret saved for it, and a signed one brings the supplier at once', async () => {
    const [s] = await suppliersNow();
    const secret = 'whsec_supplier-console-test-secret';
    const saved = await app.inject({
      method: 'PATCH',
      url: `/api/admin/suppliers/${s!.id}`,
      headers: { cookie: admin.cookie, ...SAME_ORIGIN },
      payload: { webhookSecret: secret },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = JSON.stringify({ id: crypto.randomUUID(), type: 'order.completed', data: {} });
    const hook = (signature: string) =>
      app.inject({
        method: 'POST',
        url: `/api/supplier-webhooks/${s!.id}`,
        headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature },
        payload: body,
      });
    const now = Math.floor(Date.now() / 1000);
    const forged = await hook(signWebhook('whsec_someone-else', body, now));
    expect([forged.statusCode, forged.json().error.message]).toEqual([400, SIGNATURE_REFUSED]);
    await supplier.db.execute(
      sql`update product_groups set price_kobo = 300000 where id = ${upstream.id}`,
    );
    const signed = await hook(signWebhook(secret, body, now));
    expect(signed.statusCode, signed.body).toBe(200);
    await expect.poll(async () => productOf((await suppliersNow())[0]!).priceKobo).toBe(300_000);
  });
});
