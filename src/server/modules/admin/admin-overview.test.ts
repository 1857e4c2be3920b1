// GET /api/admin/overview against sales made through the store: the period against the one before it, today's
// hours, the stock runway, the top-up funnel, the CSV, and the rollups that the ledger check holds exact.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Overview } from '../../../shared/admin-overview.ts';
import { shopDay, shopHourLabel } from '../../../shared/shop-time.ts';
import { quickAdmin, quickCustomer } from '../../test/auth-helpers.ts';
import { purchaseClient } from '../../test/purchase-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { checkLedger } from '../wallet/check-ledger.ts';

const DAY = 86_400_000;

describe('the Overview', async () => {
  const { app, db } = await createTestApp();
  const admin = await quickAdmin(db);
  const shop = purchaseClient(app, db);
  const overview = async (query: string) => {
    const res = await app.inject({
      url: `/api/admin/overview?${query}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Overview>();
  };
  // Two products: 9 sold of Fast's 11 (2 left), 3 of Slow's 100.
  const fast = await insertGroupWithStock(db, { accounts: 11, priceKobo: 50_000, name: 'Fast' });
  const slow = await insertGroupWithStock(db, { accounts: 100, priceKobo: 200_000, name: 'Slow' });
  const buyer = await quickCustomer(db, 10_000_000);
  const buy = async (groupId: string, quantity: number) => {
    const res = await shop.buy(buyer.cookie, { productGroupId: groupId, quantity });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ order: { id: string } }>().order.id;
  };
  // Today: Fast 2 + 3, Slow 1. A day earlier (the previous span of "today"): Fast 4. Three days ago: Slow 2.
  for (const [group, quantity] of [
    [fast.id, 2],
    [fast.id, 3],
    [slow.id, 1],
  ] as const)
    await buy(group, quantity);
  const yesterday = await buy(fast.id, 4);
  const threeDaysAgo = await buy(slow.id, 2);
  const shift = (id: string, ms: number) =>
    db.execute(
      sql`update orders set created_at = created_at - ${`${ms} milliseconds`}::interval where id = ${id}`,
    );
  await shift(yesterday, DAY);
  await shift(threeDaysAgo, 3 * DAY);
  // Long ago, for the long range (set before any read rolls their hours: an order's time never changes). Orders at 22:30 and 23:30 UTC (23:30 and 00:30 in Lagos: two shop days) 40 and 41 days ago, and 60 days ago.
  const at = (daysAgo: number, utcHour: number, minute: number) => {
    const d = new Date(Date.now() - daysAgo * DAY);
    d.setUTCHours(utcHour, minute, 0, 0);
    return d;
  };
  const placed = [
    { at: at(40, 22, 30), quantity: 1 },
    { at: at(40, 23, 30), quantity: 2 },
    { at: at(41, 23, 30), quantity: 1 },
    { at: at(60, 12, 0), quantity: 3 },
  ];
  const old = await insertGroupWithStock(db, { accounts: 7, priceKobo: 10_000, name: 'Old' });
  for (const o of placed) {
    const id = await buy(old.id, o.quantity);
    await db.execute(sql`update orders set created_at = ${o.at.toISOString()} where id = ${id}`);
  }

  // Top-ups started today: one credited, one failed, one expired, one still open; one yesterday, credited.
  const payment = async (status: string, amountKobo: number, agoMs = 0) => {
    const id = crypto.randomUUID();
    const at = new Date(Date.now() - agoMs);
    await db.execute(sql`insert into payments (id, user_id, reference, provider, amount_kobo, status, expires_at, created_at)
      values (${id}, ${buyer.user.id}, ${`REF-${id}`}, 'test', ${amountKobo}, 'pending', ${new Date(at.getTime() + 3600_000).toISOString()}, ${at.toISOString()})`);
    if (status === 'pending') return;
    await db.execute(sql`update payments set status = ${status} where id = ${id}`);
    if (status === 'completed')
      await db.execute(sql`with u as (update users set wallet_balance_kobo = wallet_balance_kobo + ${amountKobo}
          where id = ${buyer.user.id} returning id, wallet_balance_kobo)
        insert into transactions (user_id, type, amount_kobo, balance_after_kobo, description, reference, status, payment_id)
        select id, 'topup', ${amountKobo}, wallet_balance_kobo, 'top-up', ${`TOPUP-${id}`}, 'completed', ${id} from u`);
  };
  await payment('completed', 300_000);
  await payment('failed', 100_000);
  await payment('expired', 100_000);
  await payment('pending', 100_000);
  await payment('completed', 700_000, DAY);

  it('compares today with the same hours of yesterday, and counts each of today’s sales in its hour', async () => {
    const o = await overview('period=today');
    expect(o.period.bucket).toBe('hour');
    expect(o.figures.orders).toEqual({ current: 3, previous: 1 });
    expect(o.figures.accountsSold).toEqual({ current: 6, previous: 4 });
    expect(o.figures.revenueKobo).toEqual({ current: 5 * 50_000 + 200_000, previous: 4 * 50_000 });
    expect(o.figures.averageOrderKobo).toEqual({ current: 150_000, previous: 200_000 });
    expect(o.figures.topupsCreditedKobo).toEqual({ current: 300_000, previous: 700_000 });
    expect(o.figures.newCustomers.current).toBe(1);
    expect(o.series).toHaveLength(24);
    const thisHour = shopHourLabel(new Date(Math.floor(Date.now() / 3600_000) * 3600_000)).slice(
      11,
    );
    expect(o.series.filter((s) => s.orders > 0)).toEqual([
      expect.objectContaining({ label: thisHour, orders: 3, revenueKobo: 450_000 }),
    ]);
    expect(o.funnel).toEqual({ started: 4, paid: 1, failed: 1, expired: 1, pending: 1 });
    const held = await db.execute<{ s: string }>(
      sql`select sum(wallet_balance_kobo)::text as s from users`,
    );
    expect(o.balancesHeldKobo).toBe(Number(held.rows[0]!.s));
  });

  it('over 7 days: one point a day, the top products, and the runway at the last 7 days’ pace', async () => {
    const o = await overview('period=7d');
    expect(o.period.bucket).toBe('day');
    expect(o.series).toHaveLength(7);
    expect(o.figures.orders.current).toBe(5);
    expect(o.series.reduce((s, x) => s + x.orders, 0)).toBe(5);
    expect(o.topByRevenue.map((x) => [x.name, x.revenueKobo])).toEqual([
      ['Slow', 600_000],
      ['Fast', 450_000],
    ]);
    expect(o.topByUnits.map((x) => [x.name, x.units])).toEqual([
      ['Fast', 9],
      ['Slow', 3],
    ]);
    // Fast: 2 left at 9 a week (about 1.3 a day): 1.6 days, flagged. Slow: 97 at 3 a week: 226.3 days. Old: sold
    // out long ago, no pace.
    const runway = o.runway.map((r) => [r.name, r.stock, r.soldLast7Days, r.daysLeft, r.low]);
    expect(runway).toEqual([
      ['Fast', 2, 9, 1.6, true],
      ['Slow', 97, 3, 226.3, false],
      ['Old', 0, 0, null, false],
    ]);
  });

  it('answers a custom range, refuses one backwards, and exports the figures as CSV', async () => {
    const o = await overview('period=custom&from=2020-01-01&to=2020-01-31');
    expect(o.series).toHaveLength(31);
    expect(o.figures.orders).toEqual({ current: 0, previous: 0 });
    const bad = await app.inject({
      url: '/api/admin/overview?period=custom&from=2020-02-01&to=2020-01-01',
      headers: { cookie: admin.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { message: 'Choose a start date on or before the end date.' },
    });
    const csv = await app.inject({
      url: '/api/admin/overview/export.csv?period=today',
      headers: { cookie: admin.cookie },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('section,item,measure,value');
    expect(csv.body).toContain('figures,Revenue (naira),period,4500.00');
    expect(csv.body).toContain('figures,Orders,previous period,1');
  });

  it('keeps its rollups exact: closed hours equal the orders, and a drifted hour fails the ledger check', async () => {
    // Roll everything older than now's hour: the sales shifted to yesterday and three days ago are closed hours.
    await overview('period=30d');
    const rolled = await db.execute<{ n: number }>(sql`select count(*)::int as n from sales_hours`);
    expect(rolled.rows[0]!.n).toBeGreaterThan(0);
    expect(await checkLedger(db)).toEqual([]);
    await db.execute(
      sql`update sales_hours set revenue_kobo = revenue_kobo + 1 where hour = (select min(hour) from sales_hours)`,
    );
    expect((await checkLedger(db)).map((v) => v.invariant)).toContain(
      'the sales rollup equals the completed orders of every closed hour',
    );
    await db.execute(
      sql`update sales_hours set revenue_kobo = revenue_kobo - 1 where hour = (select min(hour) from sales_hours)`,
    );
    await db.execute(
      sql`insert into topup_hour_changes (hour, status, payments, amount_kobo) values (now(), 'failed', 1, 5)`,
    );
    expect((await checkLedger(db)).map((v) => v.invariant)).toContain(
      'the top-up rollup and its pending changes equal the payments of every hour and status',
    );
    await db.execute(
      sql`delete from topup_hour_changes where amount_kobo = 5 and payments = 1 and status = 'failed'`,
    );
    expect(await checkLedger(db)).toEqual([]);
    const day = sql`(select min(day) from topup_days)`;
    await db.execute(sql`update topup_days set payments = payments + 1 where day = ${day}`);
    expect((await checkLedger(db)).map((v) => v.invariant)).toContain(
      'the daily top-up rollup equals the sum of its folded hours',
    );
    await db.execute(sql`update topup_days set payments = payments - 1 where day = ${day}`);
    expect(await checkLedger(db)).toEqual([]);
  });
  it('reads a long range from closed days and its edges from hours, exactly as the orders say, across Lagos midnights', async () => {
    const from = shopDay(new Date(Date.now() - 70 * DAY));
    const to = shopDay(new Date());
    const long = await overview(`period=custom&from=${from}&to=${to}`);
    // The range holds every order of this file.
    const all = await db.execute<{ orders: number; units: number; revenue: string }>(
      sql`select count(*)::int as orders, sum(quantity)::int as units, sum(amount_kobo)::text as revenue
            from orders where status = 'completed'`,
    );
    expect(long.figures.orders.current).toBe(all.rows[0]!.orders);
    expect(long.figures.accountsSold.current).toBe(all.rows[0]!.units);
    expect(long.figures.revenueKobo.current).toBe(Number(all.rows[0]!.revenue));
    // Each of the four sits on its own shop day in the chart's table (the two 23:30 UTC orders on the next day).
    const perDay = new Map<string, number>();
    for (const o of placed) perDay.set(shopDay(o.at), (perDay.get(shopDay(o.at)) ?? 0) + 1);
    const orders = await db.execute<{ day: string; n: number }>(
      sql`select to_char(created_at at time zone 'Africa/Lagos', 'YYYY-MM-DD') as day, count(*)::int as n
            from orders where status = 'completed' group by 1`,
    );
    for (const [day] of perDay) {
      const expected = orders.rows.find((r) => r.day === day)!.n;
      const point = long.series.find((b) => b.label.startsWith(day));
      expect(point?.orders, day).toBe(expected);
    }
    // The days read are the sums of their hours, and the hours the orders: the ledger check holds both.
    const days = await db.execute<{ n: number }>(sql`select count(*)::int as n from sales_days`);
    expect(days.rows[0]!.n).toBeGreaterThan(0);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('reads a long range’s top-ups from closed days and its edges from hours, as the payments say', async () => {
    // Top-ups at 22:30 and 23:30 UTC (23:30 and 00:30 in Lagos) 45 days ago, one 50 days ago; one moves from
    // pending to credited after its day was folded.
    await payment('completed', 110_000, 45 * DAY + 30 * 60_000);
    await payment('failed', 120_000, 45 * DAY - 30 * 60_000);
    const late = crypto.randomUUID();
    await overview('period=90d');
    await db.execute(sql`insert into payments (id, user_id, reference, provider, amount_kobo, status, expires_at, created_at)
      values (${late}, ${buyer.user.id}, ${`REF-${late}`}, 'test', 130000, 'pending', now(), now() - interval '50 days')`);
    await overview('period=90d');
    await db.execute(sql`update payments set status = 'expired' where id = ${late}`);
    const from = shopDay(new Date(Date.now() - 70 * DAY));
    const long = await overview(`period=custom&from=${from}&to=${shopDay(new Date())}`);
    const all = await db.execute<{ status: string; n: number; kobo: string }>(
      sql`select status, count(*)::int as n, sum(amount_kobo)::text as kobo from payments group by 1`,
    );
    const n = (status: string) => all.rows.find((r) => r.status === status)?.n ?? 0;
    expect(long.funnel).toEqual({
      started: all.rows.reduce((s, r) => s + r.n, 0),
      paid: n('completed'),
      failed: n('failed'),
      expired: n('expired'),
      pending: n('pending'),
    });
    expect(long.figures.topupsCreditedKobo.current).toBe(
      Number(all.rows.find((r) => r.status === 'completed')!.kobo),
    );
    const days = await db.execute<{ n: number }>(sql`select count(*)::int as n from topup_days`);
    expect(days.rows[0]!.n).toBeGreaterThan(2);
    expect(await checkLedger(db)).toEqual([]);
  });
});
