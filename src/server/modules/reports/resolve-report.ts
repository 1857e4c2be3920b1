// An admin resolves an open report: replace the account, refund it, or reject the report. Exactly once:
// the report row is locked first, so of two admins clicking at once the second finds it resolved.
// The change, its ledger row (refund), the customer's e-mail (every outcome) and the audit line commit together.
import { eq } from 'drizzle-orm';
import { formatNaira } from '../../../shared/money.ts';
import {
  reportMessages,
  type ResolveReportInput,
  type ResolveReportResult,
} from '../../../shared/reports.ts';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../http/access.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { readOrder } from '../orders/read-order.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { lockAccount } from '../stock/reported-accounts.ts';
import { refundReportedAccount } from './refund-reported-account.ts';
import { replaceReportedAccount } from './replace-reported-account.ts';
import { emailRefund, emailRejection } from './resolution-email.ts';
import { accountReports } from './reports.tables.ts';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event.ts';

export async function resolveReport(
  db: Db,
  cipher: CredentialCipher,
  actor: SessionUser,
  reportId: string,
  input: ResolveReportInput,
): Promise<ResolveReportResult> {
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select()
      .from(accountReports)
      .where(eq(accountReports.id, reportId))
      .for('update');
    if (!report) throw notFound(reportMessages.reportNotFound);
    if (report.status !== 'open') throw conflict(reportMessages.alreadyResolved, 'REPORT_RESOLVED');
    const order = await readOrder(tx, report.orderId);
    const account = await lockAccount(tx, report.accountId);
    // An open report's account is sold to its order (check-ledger proves it); anything else is a bug.
    if (!order || account?.status !== 'sold' || account.orderId !== order.id)
      throw new Error(`report ${report.id}: account is not sold to its order`);

    const resolved = {
      resolvedAt: new Date(),
      resolvedByUserId: actor.id,
      resolvedByEmail: actor.email,
    };
    // The buyer's report.resolved webhook, queued with the resolution (docs/decisions/024-signed-webhooks.md).
    const announce = (
      status: 'replaced' | 'refunded' | 'rejected',
      extra: { rejectReason?: string; refundKobo?: number } = {},
    ) =>
      enqueueWebhookEvent(tx, {
        userId: report.userId,
        type: 'report.resolved',
        subjectId: report.id,
        at: resolved.resolvedAt,
        data: {
          report: {
            id: report.id,
            orderId: order.id,
            username: account.username,
            status,
            rejectReason: extra.rejectReason ?? null,
            refundKobo: extra.refundKobo ?? null,
            resolvedAt: resolved.resolvedAt.toISOString(),
          },
        },
      });
    const before = { reportStatus: 'open', accountStatus: 'sold' };
    const target = { type: 'report', id: report.id };
    const about = {
      orderId: order.id,
      accountId: account.id,
      username: account.username,
      customerId: report.userId,
    };

    if (input.action === 'replace') {
      const replacement = await replaceReportedAccount(tx, cipher, { order, account });
      await tx
        .update(accountReports)
        .set({ status: 'replaced', replacementAccountId: replacement.id, ...resolved })
        .where(eq(accountReports.id, report.id));
      await recordAudit(tx, actor, 'report.replace', target, {
        ...about,
        before,
        after: {
          reportStatus: 'replaced',
          accountStatus: 'replaced',
          replacementAccountId: replacement.id,
          replacementUsername: replacement.username,
        },
      });
      await announce('replaced');
      return { message: reportMessages.replaced, status: 'replaced' };
    }
    if (input.action === 'refund') {
      const refund = await refundReportedAccount(tx, actor, {
        order,
        account,
        reportId: report.id,
      });
      await tx
        .update(accountReports)
        .set({ status: 'refunded', ...resolved })
        .where(eq(accountReports.id, report.id));
      await recordAudit(tx, actor, 'report.refund', target, {
        ...about,
        before: { ...before, balanceKobo: refund.balanceAfterKobo - refund.amountKobo },
        after: {
          reportStatus: 'refunded',
          accountStatus: 'refunded',
          balanceKobo: refund.balanceAfterKobo,
        },
        amountKobo: refund.amountKobo,
      });
      await emailRefund(tx, { order, username: account.username }, refund);
      await announce('refunded', { refundKobo: refund.amountKobo });
      return {
        message: reportMessages.refunded(formatNaira(refund.amountKobo)),
        status: 'refunded',
      };
    }
    await tx
      .update(accountReports)
      .set({ status: 'rejected', rejectReason: input.reason, ...resolved })
      .where(eq(accountReports.id, report.id));
    await recordAudit(tx, actor, 'report.reject', target, {
      ...about,
      before,
      after: { reportStatus: 'rejected', accountStatus: 'sold' },
      reason: input.reason,
    });
    await emailRejection(tx, { order, username: account.username }, input.reason);
    await announce('rejected', { rejectReason: input.reason });
    return { message: reportMessages.rejected, status: 'rejected' };
  });
}
