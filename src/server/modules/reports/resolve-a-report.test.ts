// Reports of bad accounts: the buyer reports within the warranty window; an admin replaces, refunds or
// rejects, exactly once even when two admins click at the same time.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatNaira } from '../../../shared/money.ts';
import { testCipher } from '../../test/stock-helpers.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { emailOutbox } from '../mail/mail.tables.ts';
import { openEmailBody } from '../mail/outbox.ts';
import { transactions } from '../wallet/wallet.tables.ts';
import { REPLACEMENT_EMAIL_KIND } from './replace-reported-account.ts';
import { REFUND_EMAIL_KIND, REJECTION_EMAIL_KIND } from './resolution-email.ts';
import { accountReports } from './reports.tables.ts';
import { reportsTestKit } from '../../test/kits/reports-kit.ts';

const {
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
} = await reportsTestKit();

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
