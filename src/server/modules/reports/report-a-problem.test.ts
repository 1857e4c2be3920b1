// Reports of bad accounts: the buyer reports within the warranty window; an admin replaces, refunds or
// rejects, exactly once even when two admins click at the same time.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickCustomer } from '../../test/auth-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { accountReports } from './reports.tables.ts';
import { reportsTestKit } from '../../test/kits/reports-kit.ts';

const { db, client, boughtAndReported } = await reportsTestKit();

describe('reporting a problem', () => {
  it('shows each account and the warranty end on the order, and the open report once filed', async () => {
    const { buyer, order, accountId } = await boughtAndReported();
    expect(order.items).toHaveLength(1);
    const hoursLeft = (new Date(order.warrantyEndsAt!).getTime() - Date.now()) / 3600_000;
    expect(hoursLeft).toBeGreaterThan(47.9);
    expect(hoursLeft).toBeLessThanOrEqual(48);
    const seen = await client.orderOf(buyer.cookie, order.id);
    expect(seen.items[0]).toMatchObject({
      accountId,
      status: 'sold',
      report: { status: 'open', reason: 'recovered_by_owner' },
    });
  });

  it('refuses a second open report of the same account, also when sent 10 times at once', async () => {
    const group = await insertGroupWithStock(db, { accounts: 2 });
    const buyer = await quickCustomer(db, 1_000_000);
    const order = await client.buy(buyer.cookie, group.id);
    const accountId = order.items[0]!.accountId;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.report(buyer.cookie, order.id, [accountId])),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(answers.find((r) => r.statusCode === 409)!.json().error).toEqual({
      code: 'REPORT_OPEN',
      message: 'This account already has a report under review.',
    });
    expect(
      await db.select().from(accountReports).where(eq(accountReports.accountId, accountId)),
    ).toHaveLength(1);
  });

  it("refuses another customer's order (404), an account not in the order, and a report after the warranty window", async () => {
    const group = await insertGroupWithStock(db, { accounts: 3 });
    const buyer = await quickCustomer(db, 1_000_000);
    const other = await quickCustomer(db, 1_000_000);
    const order = await client.buy(buyer.cookie, group.id);
    const otherOrder = await client.buy(other.cookie, group.id);
    const accountId = order.items[0]!.accountId;
    expect((await client.report(other.cookie, order.id, [accountId])).statusCode).toBe(404);
    const foreign = await client.report(buyer.cookie, order.id, [otherOrder.items[0]!.accountId]);
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([
      409,
      'ACCOUNT_NOT_REPORTABLE',
    ]);
    await db
      .update(stockAccounts)
      .set({ soldAt: sql`now() - interval '49 hours'` })
      .where(eq(stockAccounts.id, accountId));
    const late = await client.report(buyer.cookie, order.id, [accountId]);
    expect([late.statusCode, late.json().error.message]).toEqual([
      409,
      'Problems can be reported within 48 hours of the purchase.',
    ]);
    expect((await client.orderOf(buyer.cookie, order.id)).warrantyEndsAt).toBeNull();
    expect(
      await db.select().from(accountReports).where(eq(accountReports.orderId, order.id)),
    ).toHaveLength(0);
  });
});
