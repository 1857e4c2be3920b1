// Wallet reads for its owner: the balance with its totals, and the transaction history (with every top-up attempt).
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TransactionList, WalletSummary, WalletTransaction } from '../../../shared/wallet.ts';
import type { Db } from '../../db/client.ts';
import { readWalletBalance } from '../auth/wallet-balance.ts';
import { transactions } from './wallet.tables.ts';

const HISTORY_LIMIT = 200;

/**
 * History rows that are not ledger rows: the top-ups not credited yet. The payments module answers (it
 * depends on the wallet: a settled top-up posts its ledger row), so the wallet may not import it: buildApp
 * (app.ts) hands the payments' read to the wallet routes (docs/decisions/019-module-boundaries.md).
 */
export type OpenEntries = (db: Db, userId: string, limit: number) => Promise<WalletTransaction[]>;

export async function readWalletSummary(db: Db, userId: string): Promise<WalletSummary> {
  const [balanceKobo, [totals]] = await Promise.all([
    readWalletBalance(db, userId),
    db
      .select({
        topups: sql<number>`coalesce(sum(${transactions.amountKobo}) filter (where ${transactions.type} = 'topup'), 0)::bigint`,
        spent: sql<number>`coalesce(sum(abs(${transactions.amountKobo})) filter (where ${transactions.type} = 'purchase'), 0)::bigint`,
      })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.status, 'completed'))),
  ]);
  return {
    balanceKobo,
    totalTopupsKobo: Number(totals?.topups ?? 0),
    totalSpentKobo: Number(totals?.spent ?? 0),
  };
}

/** How many ledger rows a person has. */
export async function countTransactions(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(transactions)
    .where(eq(transactions.userId, userId));
  return row?.n ?? 0;
}

/**
 * The ledger, newest first. With `attempts` (the payments' read of them), also every top-up that has not been
 * credited (pending, failed, expired), so the customer can follow each one; a credited top-up is its ledger row.
 */
export async function readTransactions(
  db: Db,
  userId: string,
  limit = HISTORY_LIMIT,
  { attempts }: { attempts?: OpenEntries } = {},
): Promise<TransactionList> {
  const [rows, open] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, userId))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(limit),
    attempts ? attempts(db, userId, limit) : Promise.resolve([]),
  ]);
  const list = [...rows.map(toWalletTransaction), ...open];
  list.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  return { transactions: list.slice(0, limit) };
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
