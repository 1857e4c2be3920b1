// The only way money moves: one conditional balance update and its ledger row, in the caller's transaction.
// The balance can never go below zero (the WHERE clause first, the CHECK constraint as the last guard).
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../auth/auth.tables.ts';
import type { TransactionType } from '../../../shared/wallet.ts';
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
  const [wallet] = await tx
    .update(users)
    .set({
      walletBalanceKobo: sql`${users.walletBalanceKobo} + ${entry.amountKobo}`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, entry.userId), gte(users.walletBalanceKobo, -entry.amountKobo)))
    .returning({ balanceKobo: users.walletBalanceKobo });
  if (!wallet) return null;
  const [row] = await tx
    .insert(transactions)
    .values({
      userId: entry.userId,
      type: entry.type,
      amountKobo: entry.amountKobo,
      balanceAfterKobo: wallet.balanceKobo,
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
  return { transactionId: row!.id, balanceAfterKobo: wallet.balanceKobo };
}
