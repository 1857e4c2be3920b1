// The only way money moves: one conditional balance update and its ledger row, in the caller's transaction.
// The balance can never go below zero (the WHERE clause first, the column's domain as the last guard).
import type { Tx } from '../../db/client.ts';
import type { TransactionType } from '../../../shared/wallet.ts';
import { moveWalletBalance } from '../auth/wallet-balance.ts';
import { transactions } from './wallet.tables.ts';

export type LedgerEntry = {
  userId: string;
  type: TransactionType;
  /** Signed kobo: credits positive, purchases and admin debits negative. */
  amountKobo: number;
  description: string;
  reference: string;
  paymentId?: string;
  orderId?: string;
  /** A refund's report (with its orderId). */
  reportId?: string;
  ercasReference?: string | null;
  actor?: string;
};

export type PostedEntry = { transactionId: string; balanceAfterKobo: number };

/** Returns null when the wallet does not hold enough for a debit (nothing is written then). */
export async function postLedgerEntry(tx: Tx, entry: LedgerEntry): Promise<PostedEntry | null> {
  if (!Number.isSafeInteger(entry.amountKobo) || entry.amountKobo === 0)
    throw new RangeError('amountKobo must be a non-zero integer');
  const balanceKobo = await moveWalletBalance(tx, entry.userId, entry.amountKobo);
  if (balanceKobo === null) return null;
  const [row] = await tx
    .insert(transactions)
    .values({
      userId: entry.userId,
      type: entry.type,
      amountKobo: entry.amountKobo,
      balanceAfterKobo: balanceKobo,
      description: entry.description,
      reference: entry.reference,
      status: 'completed',
      paymentId: entry.paymentId,
      orderId: entry.orderId,
      reportId: entry.reportId,
      ercasReference: entry.ercasReference ?? null,
      actor: entry.actor,
    })
    .returning({ id: transactions.id });
  return { transactionId: row!.id, balanceAfterKobo: balanceKobo };
}
