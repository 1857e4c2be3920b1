// Reselling a supplier's stock, proven against a real supplier (issue 54): a supplier store process, our store, and a
// fault-injecting proxy between them. For each fault (slow, down, 5xx before or after the supplier committed, the
// connection cut after it committed, our process stopped between the debit and the request) it counts, once retries
// have settled: double charges, double upstream purchases and undelivered paid orders, all 0, and prints them. The
// ledger check runs on both stores after every test (createTestDatabase), and once more inside each test.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { supplierMessages } from '../../../shared/suppliers.ts';
import { hashToken } from '../../modules/auth/sessions.ts';
import { requestHash } from '../../modules/orders/purchase.ts';
import { takeSupplierOrder } from '../../modules/suppliers/take-supplier-order.ts';
import { quickAdmin, quickCustomer } from '../auth-helpers.ts';
import type { Fault } from '../fault-proxy.ts';
import { apiKeyClient } from '../api-key-helpers.ts';
import { reportClient } from '../report-helpers.ts';
import { startTwoStores } from '../reseller-harness.ts';
import { stockCountOf } from '../stock-helpers.ts';
import { listSupplierProduct } from '../supplier-helpers.ts';

/** Our client gives up after this; the slow supplier answers after twice as long. */
const TIMEOUT_MS = 1500;
const PRICE_KOBO = 10_000;
const { supplier, app, db, buy, orderOf, settle, expectNoFaults, walletOf } =
  await startTwoStores(TIMEOUT_MS);

describe('a purchase of a supplier product', () => {
  it('debits once, buys once upstream, and delivers the supplier’s credentials sealed', async () => {
    const listed = await listSupplierProduct(db, supplier, { accounts: 5, priceKobo: PRICE_KOBO });
    const customer = await quickCustomer(db, 100_000);
    const { status, body } = await buy(customer.cookie, listed.group.id, 2);
    expect(status).toBe(201);
    expect(body.order.status).toBe('completed');
    expect(body.order.amountKobo).toBe(2 * listed.ourPriceKobo);
    expect(body.balanceKobo).toBe(100_000 - 2 * listed.ourPriceKobo);
    const creds = await app.inject({
      method: 'GET',
      url: `/api/orders/${body.order.id}/credentials`,
      headers: { cookie: customer.cookie },
    });
    expect(creds.statusCode).toBe(200);
    const passwords = (creds.json() as { accounts: { password: string }[] }).accounts.map(
      (a) => a.password,
    );
    expect(passwords).toHaveLength(2);
    for (const p of passwords) expect(p).toMatch(/^pw-/);
    // Sealed at rest like our own stock: the database holds no password in clear.
    const [plain] = (
      await db.execute(sql`select count(*)::int as n from individual_accounts
                            where order_id = ${body.order.id} and encode(password_enc, 'escape') like '%pw-%'`)
    ).rows as { n: number }[];
    expect(plain!.n).toBe(0);
    expect(await stockCountOf(supplier.db, listed.upstream.id)).toBe(3);
    const ref = `ORD-${body.order.id.slice(0, 8).toUpperCase()}`;
    const alerts = await db.execute(
      sql`select 1 from owner_alerts where kind = 'order_completed' and details ->> 'order_ref' = ${ref}`,
    );
    expect(alerts.rows).toHaveLength(1);
    await expectNoFaults('none');
  });

  it('answers a retry of the same key with the same order, never a second purchase', async () => {
    const listed = await listSupplierProduct(db, supplier, { accounts: 5, priceKobo: PRICE_KOBO });
    const customer = await quickCustomer(db, 100_000);
    const first = await buy(customer.cookie, listed.group.id, 1);
    const again = await buy(customer.cookie, listed.group.id, 1, first.key);
    expect(again.status).toBe(200);
    expect(again.body.order.id).toBe(first.body.order.id);
    expect(await walletOf(customer.user.id)).toBe(100_000 - listed.ourPriceKobo);
    expect(await stockCountOf(supplier.db, listed.upstream.id)).toBe(4);
    await expectNoFaults('same key twice');
  });

  const lostAnswers: { name: string; fault: Fault; times: number }[] = [
    { name: 'supplier slow', fault: { kind: 'slow', delayMs: 2 * TIMEOUT_MS }, times: 1 },
    { name: '5xx before the supplier', fault: { kind: '5xx_before' }, times: 2 },
    { name: '5xx after the supplier committed', fault: { kind: '5xx_after' }, times: 2 },
    {
      name: 'connection cut after the supplier committed',
      fault: { kind: 'cut_after_commit' },
      times: 3,
    },
  ];
  for (const { name, fault, times } of lostAnswers) {
    it(`shows processing, then delivers once, when the answer is lost: ${name}`, async () => {
      const listed = await listSupplierProduct(db, supplier, {
        accounts: 5,
        priceKobo: PRICE_KOBO,
      });
      const customer = await quickCustomer(db, 100_000);
      const before = supplier.proxy.stats();
      supplier.proxy.inject(fault, times);
      const { status, body } = await buy(customer.cookie, listed.group.id, 2);
      expect(status).toBe(201);
      expect(body.order.status).toBe('processing');
      expect(body.balanceKobo).toBe(100_000 - 2 * listed.ourPriceKobo);
      await settle();
      expect(supplier.proxy.stats().faulted - before.faulted, 'every fault was met').toBe(times);
      const order = await orderOf(customer.cookie, body.order.id);
      expect(order.status).toBe('completed');
      expect(order.accounts).toHaveLength(2);
      expect(await stockCountOf(supplier.db, listed.upstream.id)).toBe(3);
      expect(await walletOf(customer.user.id)).toBe(100_000 - 2 * listed.ourPriceKobo);
      await expectNoFaults(name);
    });
  }

  it('refunds at once, and says why, when the supplier is down', async () => {
    const listed = await listSupplierProduct(db, supplier, { accounts: 5, priceKobo: PRICE_KOBO });
    const customer = await quickCustomer(db, 100_000);
    await supplier.proxy.down();
    try {
      const { status, body } = await buy(customer.cookie, listed.group.id, 1);
      expect(status).toBe(201);
      expect(body.order.status).toBe('failed');
      expect(body.order.notice).toBe(supplierMessages.supplierRefused);
      expect(body.balanceKobo).toBe(100_000);
    } finally {
      await supplier.proxy.up();
    }
    expect(await stockCountOf(supplier.db, listed.upstream.id)).toBe(5);
    await expectNoFaults('supplier down');
  });

  it('keeps asking, never refunds, when the supplier goes down after an answer was lost', async () => {
    const listed = await listSupplierProduct(db, supplier, { accounts: 5, priceKobo: PRICE_KOBO });
    const customer = await quickCustomer(db, 100_000);
    supplier.proxy.inject({ kind: 'cut_after_commit' }, 1);
    const { body } = await buy(customer.cookie, listed.group.id, 1);
    expect(body.order.status).toBe('processing');
    await supplier.proxy.down();
    try {
      await settle(3);
      expect((await orderOf(customer.cookie, body.order.id)).status).toBe('processing');
    } finally {
      await supplier.proxy.up();
    }
    await settle();
    expect((await orderOf(customer.cookie, body.order.id)).status).toBe('completed');
    await expectNoFaults('down after a lost answer');
  });

  it('refunds in full, and says why, when the supplier has sold out', async () => {
    const listed = await listSupplierProduct(db, supplier, { accounts: 1, priceKobo: PRICE_KOBO });
    // Our copy of its stock is stale: the supplier sold its last account elsewhere.
    await supplier.db.execute(
      sql`delete from individual_accounts where product_group_id = ${listed.upstream.id} and status = 'available'`,
    );
    await supplier.db.execute(
      sql`update product_groups set stock_count = 0 where id = ${listed.upstream.id}`,
    );
    const customer = await quickCustomer(db, 100_000);
    const { body } = await buy(customer.cookie, listed.group.id, 1);
    expect(body.order.status).toBe('failed');
    expect(body.order.notice).toBe(supplierMessages.supplierOutOfStock);
    expect(await walletOf(customer.user.id)).toBe(100_000);
    await expectNoFaults('supplier sold out');
  });

  it('sends, at start-up, a purchase whose process stopped between the debit and the request', async () => {
    const listed = await listSupplierProduct(db, supplier, { accounts: 5, priceKobo: PRICE_KOBO });
    const customer = await quickCustomer(db, 100_000);
    const token = customer.cookie.replace('sid=', '');
    const input = { productGroupId: listed.group.id, quantity: 1 };
    // The debit's transaction alone, as a process that died right after its commit leaves it.
    const taken = await takeSupplierOrder(db, {
      userId: customer.user.id,
      sessionTokenHash: hashToken(token),
      idempotencyKey: crypto.randomUUID(),
      requestHash: requestHash(input),
      productGroupId: listed.group.id,
      quantity: 1,
      accountId: null,
      secretKeyPattern: '',
      emailBody: '',
      promoCode: null,
    });
    expect(taken?.outcome).toBe('supplier_order');
    expect((await orderOf(customer.cookie, taken!.order_id!)).status).toBe('processing');
    // A process that died mid-request: its attempt counted, its lease running.
    await db.execute(
      sql`update upstream_purchases set attempts = 1 where order_id = ${taken!.order_id}`,
    );
    // Hours later: the Overview closed the order's hour meanwhile, so the completion is added to its rollup (the
    // ledger check sums the rollup against the completed orders).
    await db.execute(
      sql`update orders set created_at = created_at - interval '3 hours' where id = ${taken!.order_id}`,
    );
    await db.execute(sql`select roll_sales_hours()`);
    await settle();
    expect((await orderOf(customer.cookie, taken!.order_id!)).status).toBe('completed');
    await expectNoFaults('stopped between commit and request');
  });

  it('sends a report on a supplier’s account to our owner, who can refund it as our own', async () => {
    const listed = await listSupplierProduct(db, supplier, { accounts: 5, priceKobo: PRICE_KOBO });
    const customer = await quickCustomer(db, 100_000);
    const admin = await quickAdmin(db);
    const reports = reportClient(app);
    const order = await reports.buy(customer.cookie, listed.group.id, 2);
    const [item] = (await reports.orderOf(customer.cookie, order.id)).items;
    const reported = await reports.report(customer.cookie, order.id, [item!.accountId]);
    expect(reported.statusCode).toBe(201);
    const [reportId] = reported.json<{ reportIds: string[] }>().reportIds;
    // No report endpoint in the supplier's API v1: the owner settles it here (and with the supplier by hand).
    const resolved = await reports.resolve(admin.cookie, reportId!, { action: 'refund' });
    expect(resolved.statusCode).toBe(200);
    expect(await walletOf(customer.user.id)).toBe(100_000 - listed.ourPriceKobo);
    await expectNoFaults('report on a supplier account');
  });

  it('sells a supplier’s product through /api/v1 by the same handler, and says order.completed once delivered', async () => {
    const listed = await listSupplierProduct(db, supplier, { accounts: 5, priceKobo: PRICE_KOBO });
    const customer = await quickCustomer(db, 100_000);
    await db.execute(sql`insert into webhook_endpoints (user_id, url, events, secret_sealed)
                         values (${customer.user.id}, 'https://hooks.example/x', '{order.completed}', 'sealed')`);
    const keys = apiKeyClient(app);
    const { secret } = await keys.create(customer.cookie);
    supplier.proxy.inject({ kind: 'cut_after_commit' }, 1);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { ...keys.bearer(secret), 'idempotency-key': crypto.randomUUID() },
      payload: { productGroupId: listed.group.id, quantity: 1 },
    });
    expect(res.statusCode).toBe(201);
    const { order } = res.json<{ order: { id: string; status: string } }>();
    expect(order.status).toBe('processing');
    const events = async () =>
      (
        await db.execute(
          sql`select count(*)::int as n from webhook_deliveries where subject_id = ${order.id}`,
        )
      ).rows[0] as { n: number };
    expect((await events()).n).toBe(0);
    await settle();
    expect((await events()).n).toBe(1);
    await expectNoFaults('bought through /api/v1');
  });
});
