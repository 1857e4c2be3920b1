// Wallet reads for its owner: the balance with its totals, and the transaction history.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { TransactionList, WalletSummary, WalletTransaction } from '../../../shared/wallet.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.tables.ts';
import { transactions } from './wallet.tables.ts';

const HISTORY_LIMIT = 200;

export async function readWalletSummary(db: Db, userId: string): Promise<WalletSummary> {
  const [[user], [totals]] = await Promise.all([
    db.select({ balanceKobo: users.walletBalanceKobo }).from(users).where(eq(users.id, userId)),
    db
      .select({
        topups: sql<number>`coalesce(sum(${transactions.amountKobo}) filter (where ${transactions.type} = 'topup'), 0)::bigint`,
        spent: sql<number>`coalesce(sum(abs(${transactions.amountKobo})) filter (where ${transactions.type} = 'purchase'), 0)::bigint`,
      })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.status, 'completed'))),
  ]);
  return { balanceKobo: user?.balanceKobo ?? 0, totalTopupsKobo: Number(totals?.topups ?? 0), totalSpentKobo: Number(totals?.spent ?? 0) };
}

export async function readTransactions(db: Db, userId: string, limit = HISTORY_LIMIT): Promise<TransactionList> {
  const rows = await db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
  return { transactions: rows.map(toWalletTransaction) };
}

export function toWalletTransaction(row: typeof transactions.$inferSelect): WalletTransaction {
  return {
    id: row.id,
    type: row.type,
    amountKobo: row.amountKobo,
    balanceAfterKobo: row.balanceAfterKobo,
    description: row.description,
    reference: row.reference,
    status: row.status,
    providerReference: row.ercasReference,
    createdAt: row.createdAt.toISOString(),
  };
}
