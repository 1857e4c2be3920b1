// Reports of bad accounts: the buyer reports within the warranty window; an admin replaces, refunds or
// rejects, exactly once even when two admins click at the same time.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatNaira } from '../../../shared/money.ts';
import { quickCustomer, signedInUser } from '../../test/auth-helpers.ts';
import { reportClient } from '../../test/report-helpers.ts';
import { insertGroupWithStock, testCipher } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { users } from '../auth/auth.tables.ts';
import { productGroups } from '../catalogue/catalogue.tables.ts';
import { emailOutbox } from '../mail/mail.tables.ts';
import { openEmailBody } from '../mail/outbox.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { transactions } from '../wallet/wallet.tables.ts';
import { REPLACEMENT_EMAIL_KIND } from './replace-reported-account.ts';
import { REFUND_EMAIL_KIND, REJECTION_EMAIL_KIND } from './resolution-email.ts';
import { accountReports } from './reports.tables.ts';

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

describe('resolving a report', () => {
  it('replaces: the faulty account is retired, another of the group goes to the same order and is e-mailed', async () => {
    const { group, buyer, order, accountId, reportId } = await boughtAndReported({ stock: 3 });
    const res = await client.resolve(admin.cookie, reportId, { action: 'replace' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('replaced');
    expect((await accountOf(accountId)).status).toBe('replaced');
    const [report] = await db.select().from(accountReports).where(eq(accountReports.id, reportId));
    const replacement = await accountOf(report!.replacementAccountId!);
    expect([replacement.status, replacement.orderId]).toEqual(['sold', order.id]);
    expect(await stockOf(group.id)).toBe(1);
    // The customer sees the new credentials, not the old ones.
    const creds = await app.inject({
      url: `/api/orders/${order.id}/credentials`,
      headers: { cookie: buyer.cookie },
    });
    expect(creds.json().accounts.map((a: { username: string }) => a.username)).toEqual([
      replacement.username,
    ]);
    const seen = await client.orderOf(buyer.cookie, order.id);
    expect(seen.items.map((i) => [i.accountId, i.status, i.report?.status ?? null])).toEqual([
      [accountId, 'replaced', 'replaced'],
      [replacement.id, 'sold', null],
    ]);
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.orderId, order.id), eq(emailOutbox.kind, REPLACEMENT_EMAIL_KIND)));
    const password = testCipher.decrypt(replacement.passwordEnc);
    expect(mail!.toAddress).toBe(buyer.user.email);
    expect(mail!.textBody).not.toContain(password);
    expect(openEmailBody(testCipher, mail!.textBody)).toContain(password);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.targetId, reportId));
    expect(audit).toMatchObject({ action: 'report.replace', actorEmail: admin.user.email });
    expect(audit!.details).toMatchObject({
      before: { accountStatus: 'sold' },
      after: { accountStatus: 'replaced', replacementAccountId: replacement.id },
    });
  });

  it('refuses to replace when the group has no account left, and changes nothing', async () => {
    const { group, accountId, reportId } = await boughtAndReported({ stock: 1 });
    const res = await client.resolve(admin.cookie, reportId, { action: 'replace' });
    expect(res.json().error).toEqual({
      code: 'NO_REPLACEMENT',
      message:
        'No available account is left in this group to replace it with. Refund it, or add stock first.',
    });
    expect((await accountOf(accountId)).status).toBe('sold');
    expect(
      (await db.select().from(accountReports).where(eq(accountReports.id, reportId)))[0]!.status,
    ).toBe('open');
    expect(await stockOf(group.id)).toBe(0);
  });

  it('refunds: the unit price goes back to the wallet as a refund row linked to the order and the report', async () => {
    const { buyer, order, accountId, reportId } = await boughtAndReported({
      stock: 3,
      priceKobo: 120_000,
      quantity: 2,
    });
    const before = await balanceOf(buyer.user.id);
    const res = await client.resolve(admin.cookie, reportId, { action: 'refund' });
    expect([res.statusCode, res.json().message]).toEqual([
      200,
      "Refunded ₦1,200.00 to the customer's wallet.",
    ]);
    expect(await balanceOf(buyer.user.id)).toBe(before + 120_000);
    const [refund] = await db
      .select()
      .from(transactions)
      .where(eq(transactions.reportId, reportId));
    expect(refund).toMatchObject({
      type: 'refund',
      amountKobo: 120_000,
      orderId: order.id,
      userId: buyer.user.id,
      balanceAfterKobo: before + 120_000,
    });
    expect((await accountOf(accountId)).status).toBe('refunded');
    const wallet = await app.inject({
      url: '/api/wallet/transactions',
      headers: { cookie: buyer.cookie },
    });
    expect(wallet.json().transactions[0]).toMatchObject({ type: 'refund', amountKobo: 120_000 });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.targetId, reportId));
    expect(audit).toMatchObject({
      action: 'report.refund',
      details: {
        amountKobo: 120_000,
        before: { balanceKobo: before },
        after: { balanceKobo: before + 120_000 },
      },
    });
    const mails = await mailsOf(order.id, REFUND_EMAIL_KIND);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe(buyer.user.email);
    expect(mails[0]!.textBody).toContain('We refunded ₦1,200.00 to your wallet');
    expect(mails[0]!.textBody).toContain(`now ${formatNaira(before + 120_000)}.`);
  });

  it('rejects with a reason the customer sees; the account stays theirs and can be reported again', async () => {
    const { buyer, order, accountId, reportId } = await boughtAndReported();
    const empty = await client.resolve(admin.cookie, reportId, { action: 'reject', reason: '  ' });
    expect([empty.statusCode, empty.json().error.message]).toEqual([
      400,
      'Please give the customer a reason.',
    ]);
    const res = await client.resolve(admin.cookie, reportId, {
      action: 'reject',
      reason: 'We signed in with it: it works.',
    });
    expect(res.statusCode).toBe(200);
    const seen = await client.orderOf(buyer.cookie, order.id);
    expect(seen.items[0]).toMatchObject({
      status: 'sold',
      report: { status: 'rejected', rejectReason: 'We signed in with it: it works.' },
    });
    expect((await client.report(buyer.cookie, order.id, [accountId])).statusCode).toBe(201);
    const mails = await mailsOf(order.id, REJECTION_EMAIL_KIND);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe(buyer.user.email);
    expect(mails[0]!.textBody).toContain('We signed in with it: it works.');
    expect(await mailsOf(order.id, REFUND_EMAIL_KIND)).toHaveLength(0);
  });

  it('resolves exactly once when two admins click Replace, Refund and Reject at the same time', async () => {
    for (let round = 0; round < 5; round++) {
      const { group, buyer, reportId } = await boughtAndReported({ stock: 4 });
      const before = await balanceOf(buyer.user.id);
      const bodies = [
        { action: 'replace' },
        { action: 'refund' },
        { action: 'reject', reason: 'no' },
      ];
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          client.resolve(i % 2 ? admin.cookie : admin2.cookie, reportId, bodies[(i + round) % 3]!),
        ),
      );
      const ok = answers.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(1);
      expect(
        answers
          .filter((r) => r.statusCode === 409)
          .every((r) => r.json().error.code === 'REPORT_RESOLVED'),
      ).toBe(true);
      const status = ok[0]!.json().status;
      expect(await balanceOf(buyer.user.id)).toBe(
        status === 'refunded' ? before + 250_000 : before,
      );
      expect(await stockOf(group.id)).toBe(status === 'replaced' ? 2 : 3);
      expect(await db.select().from(auditLog).where(eq(auditLog.targetId, reportId))).toHaveLength(
        1,
      );
    }
  });

  it('answers 404 for an unknown report and 409 for one already resolved', async () => {
    const { reportId } = await boughtAndReported();
    expect(
      (
        await client.resolve(admin.cookie, '00000000-0000-4000-8000-000000000000', {
          action: 'refund',
        })
      ).statusCode,
    ).toBe(404);
    expect((await client.resolve(admin.cookie, reportId, { action: 'refund' })).statusCode).toBe(
      200,
    );
    expect(
      (await client.resolve(admin.cookie, reportId, { action: 'refund' })).json().error.code,
    ).toBe('REPORT_RESOLVED');
  });

  it('lists open reports with the credentials and history for admins, with the open count', async () => {
    const { reportId, accountId } = await boughtAndReported();
    const res = await app.inject({
      url: '/api/admin/reports?status=open',
      headers: { cookie: admin.cookie },
    });
    const found = res.json().reports.find((r: { id: string }) => r.id === reportId);
    expect(found).toMatchObject({
      status: 'open',
      reason: 'recovered_by_owner',
      note: 'The old owner took it back',
      account: { id: accountId, status: 'sold' },
    });
    expect(found.account.password).toBe(
      testCipher.decrypt((await accountOf(accountId)).passwordEnc),
    );
    expect(res.json().openCount).toBeGreaterThanOrEqual(1);
  });
});
