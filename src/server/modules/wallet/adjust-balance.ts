// An admin's wallet adjustment: ADMIN_CREDIT or ADMIN_DEBIT (stored negative), never below zero, posted to
// the ledger with the admin's e-mail as actor and audited, in one transaction.
import crypto from 'node:crypto';
import { adminUserMessages, type BalanceAdjustmentResult } from '../../../shared/admin-users.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { findWalletBalance, readWalletBalance } from '../auth/wallet-balance.ts';
import { postLedgerEntry } from './post-ledger-entry.ts';

export function adjustBalance(
  db: Db,
  admin: AuditActor,
  userId: string,
  input: { action: 'credit' | 'debit'; amountKobo: number; reason: string },
): Promise<BalanceAdjustmentResult> {
  const { action, amountKobo, reason } = input;
  const signedKobo = action === 'credit' ? amountKobo : -amountKobo;
  const reference = `ADMIN_${Date.now()}_${crypto.randomBytes(3).toString('hex')}`;
  return db.transaction(async (tx) => {
    if ((await findWalletBalance(tx, userId)) === null)
      throw notFound(adminUserMessages.userNotFound);
    const posted = await postLedgerEntry(tx, {
      userId,
      type: action === 'credit' ? 'ADMIN_CREDIT' : 'ADMIN_DEBIT',
      amountKobo: signedKobo,
      description: reason,
      reference,
      actor: admin.email || 'admin',
    });
    if (!posted) {
      throw new AppError(
        'INSUFFICIENT_BALANCE',
        409,
        adminUserMessages.insufficient(await readWalletBalance(tx, userId), amountKobo),
      );
    }
    await recordAudit(
      tx,
      admin,
      `wallet.${action}`,
      { type: 'user', id: userId },
      {
        amountKobo,
        reason,
        reference,
        before: { balanceKobo: posted.balanceAfterKobo - signedKobo },
        after: { balanceKobo: posted.balanceAfterKobo },
      },
    );
    return {
      message: adminUserMessages.adjusted(posted.balanceAfterKobo),
      newBalanceKobo: posted.balanceAfterKobo,
      reference,
    };
  });
}
