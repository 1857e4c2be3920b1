// The console's Orders tab: newest first, paged on the server, searched and filtered, totals over the
// whole filtered set, and a CSV export of exactly that set streamed in batches.
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderList } from '../../../shared/admin-orders.ts';
import { quickCustomer, signedInUser } from '../../test/auth-helpers.ts';
import { reportClient } from '../../test/report-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { orders } from './orders.tables.ts';

const { app, db } = await createTestApp();
const admin = await signedInUser(app, db, { isAdmin: true });
const client = reportClient(app);
const list = async (query = '') =>
  (
    await app.inject({ url: `/api/admin/orders?${query}`, headers: { cookie: admin.cookie } })
  ).json<AdminOrderList>();

const cheap = await insertGroupWithStock(db, {
  accounts: 10,
  priceKobo: 10_000,
  categoryId: 'orders-cheap',
});
const dear = await insertGroupWithStock(db, {
  accounts: 10,
  priceKobo: 50_000,
  categoryId: 'orders-dear',
});
const ada = await quickCustomer(db, 1_000_000);
const bola = await quickCustomer(db, 1_000_000);
const first = await client.buy(ada.cookie, cheap.id, 2);
const second = await client.buy(bola.cookie, dear.id, 1);
const third = await client.buy(ada.cookie, dear.id, 3);
// One refund, so the totals show it.
const filed = await client.report(ada.cookie, third.id, [third.items[0]!.accountId]);
await client.resolve(admin.cookie, filed.json().reportIds[0], { action: 'refund' });
// Many old failed orders (no accounts, no money), to page through and to stream past one batch.
await db.execute(sql`insert into orders (user_id, product_group_id, quantity, amount_kobo, list_amount_kobo, status, account_details, created_at)
  select ${bola.user.id}, ${cheap.id}, 1, 10000, 10000, 'failed', ${JSON.stringify({ product_name: 'Old', category: 'orders-cheap', quantity: 1, price_per_unit_kobo: 10000, accounts: [] })}::jsonb,
         timestamptz '2024-03-01 12:00:00+01' + (n || ' minutes')::interval
  from generate_series(1, 1100) n`);

describe('the admin orders list', () => {
  it('shows every order newest first, 25 a page, with the total', async () => {
    const page = await list();
    expect(page.total).toBe(1103);
    expect(page.orders.slice(0, 3).map((o) => o.id)).toEqual([third.id, second.id, first.id]);
    expect(page.orders).toHaveLength(25);
    expect(page.orders[0]).toMatchObject({
      customerEmail: ada.user.email,
      quantity: 3,
      amountKobo: 150_000,
      refundedKobo: 50_000,
      status: 'completed',
    });
    const next = await list('offset=25');
    expect(next.orders[0]!.id).not.toBe(page.orders[0]!.id);
    expect(new Date(next.orders[0]!.createdAt) <= new Date(page.orders[24]!.createdAt)).toBe(true);
  });

  it('searches by order id, customer e-mail and account username', async () => {
    expect((await list(`search=${second.id.slice(0, 8)}`)).orders.map((o) => o.id)).toEqual([
      second.id,
    ]);
    expect(
      (await list(`search=${encodeURIComponent(ada.user.email.toUpperCase())}`)).orders.map(
        (o) => o.id,
      ),
    ).toEqual([third.id, first.id]);
    expect((await list(`search=${first.items[1]!.username}`)).orders.map((o) => o.id)).toEqual([
      first.id,
    ]);
    expect((await list('search=%25')).total).toBe(0);
  });

  it('filters by status, category and date range, and totals the whole filtered set', async () => {
    const completed = await list('status=completed');
    expect(completed.totals).toEqual({
      orders: 3,
      amountKobo: 20_000 + 50_000 + 150_000,
      refundedKobo: 50_000,
      accounts: 6,
    });
    expect((await list('category=orders-dear')).orders.map((o) => o.id)).toEqual([
      third.id,
      second.id,
    ]);
    const march = await list('status=failed&from=2024-03-01&to=2024-03-01');
    // 12:01 to 23:59 Lagos time on 1 March: minutes 1..719.
    expect(march.total).toBe(719);
    expect(march.totals.amountKobo).toBe(719 * 10_000);
    expect(
      (
        await app.inject({
          url: '/api/admin/orders?status=lost',
          headers: { cookie: admin.cookie },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('exports exactly the filtered set as CSV, past one streaming batch', async () => {
    const res = await app.inject({
      url: '/api/admin/orders/export.csv',
      headers: { cookie: admin.cookie },
    });
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1103);
    expect(new Set(rows.map((r) => r['order_id'])).size).toBe(1103);
    expect(rows[0]).toMatchObject({
      order_id: third.id,
      customer_email: ada.user.email,
      amount_naira: '1500.00',
      refunded_naira: '500.00',
      quantity: '3',
    });
    const dearOnly = parse(
      (
        await app.inject({
          url: '/api/admin/orders/export.csv?category=orders-dear',
          headers: { cookie: admin.cookie },
        })
      ).body,
      { columns: true },
    );
    expect(dearOnly).toHaveLength(2);
    expect((await db.select().from(orders)).length).toBe(1103);
  });
});
