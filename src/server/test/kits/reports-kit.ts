// What the reports tests share (report-a-problem and resolve-a-report .test.ts): each file calls reportsTestKit() for
// a store of its own.
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { quickCustomer, signedInUser } from '../auth-helpers.ts';
import { reportClient } from '../report-helpers.ts';
import { insertGroupWithStock } from '../stock-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { users } from '../../modules/auth/auth.tables.ts';
import { productGroups } from '../../modules/catalogue/catalogue.tables.ts';
import { emailOutbox } from '../../modules/mail/mail.tables.ts';
import { stockAccounts } from '../../modules/stock/stock.tables.ts';

export async function reportsTestKit() {
  const { app, db } = await createTestApp();
  const admin = await signedInUser(app, db, { isAdmin: true });
  const admin2 = await signedInUser(app, db, { isAdmin: true });
  const client = reportClient(app);
  const balanceOf = async (id: string) =>
    (await db.select().from(users).where(eq(users.id, id)))[0]!.walletBalanceKobo;
  const stockOf = async (id: string) =>
    (await db.select().from(productGroups).where(eq(productGroups.id, id)))[0]!.stockCount;
  const accountOf = async (id: string) =>
    (await db.select().from(stockAccounts).where(eq(stockAccounts.id, id)))[0]!;

  const mailsOf = (orderId: string, kind: string) =>
    db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, kind)));

  async function boughtAndReported(
    opts: { stock?: number; priceKobo?: number; quantity?: number } = {},
  ) {
    const group = await insertGroupWithStock(db, {
      accounts: opts.stock ?? 3,
      priceKobo: opts.priceKobo ?? 250_000,
    });
    const buyer = await quickCustomer(db, 2_000_000);
    const order = await client.buy(buyer.cookie, group.id, opts.quantity ?? 1);
    const accountId = order.items[0]!.accountId;
    const res = await client.report(
      buyer.cookie,
      order.id,
      [accountId],
      'recovered_by_owner',
      'The old owner took it back',
    );
    expect(res.statusCode, res.body).toBe(201);
    return {
      group,
      buyer,
      order,
      accountId,
      reportId: res.json<{ reportIds: string[] }>().reportIds[0]!,
    };
  }
  return {
    app,
    db,
    admin,
    admin2,
    client,
    balanceOf,
    stockOf,
    accountOf,
    mailsOf,
    boughtAndReported,
  };
}
