// A customer reports bad accounts of their own order, within the warranty window counted from when each
// account was handed over (a replacement gets its own window). One open report per account.
import crypto from 'node:crypto';
import {
  reportMessages,
  type ReportProblemInput,
  type ReportProblemResult,
} from '../../../shared/reports.ts';
import type { Db } from '../../db/client.ts';
import { isInWarranty } from '../orders/warranty.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { conflict } from '../../http/errors.ts';
import { loadOwnOrder } from '../orders/order-credentials.ts';
import { lockSoldAccounts } from '../stock/reported-accounts.ts';
import { accountReports } from './reports.tables.ts';

export type ReportProblemRequest = {
  userId: string;
  orderId: string;
  input: ReportProblemInput;
  warrantyHours: number;
  now?: Date;
};

export async function reportProblem(
  db: Db,
  req: ReportProblemRequest,
): Promise<ReportProblemResult> {
  const accountIds = [...new Set(req.input.accountIds)];
  const now = req.now ?? new Date();
  try {
    return await db.transaction(async (tx) => {
      await loadOwnOrder(tx, req.userId, req.orderId);
      const accounts = await lockSoldAccounts(tx, req.orderId, accountIds);
      if (accounts.length !== accountIds.length)
        throw conflict(reportMessages.accountNotReportable, 'ACCOUNT_NOT_REPORTABLE');
      if (accounts.some((a) => !isInWarranty(a.soldAt!, req.warrantyHours, now))) {
        throw conflict(reportMessages.windowClosed(req.warrantyHours), 'REPORT_WINDOW_CLOSED');
      }
      const ids = accountIds.map(() => crypto.randomUUID());
      await tx.insert(accountReports).values(
        accountIds.map((accountId, i) => ({
          id: ids[i]!,
          orderId: req.orderId,
          accountId,
          userId: req.userId,
          reason: req.input.reason,
          note: req.input.note || null,
        })),
      );
      return { message: reportMessages.reported(accountIds.length), reportIds: ids };
    });
  } catch (err) {
    // The partial unique index: this account already has a report under review.
    if (isUniqueViolation(err)) throw conflict(reportMessages.alreadyOpen, 'REPORT_OPEN');
    throw err;
  }
}
