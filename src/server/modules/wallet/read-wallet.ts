// Wallet reads for its owner: the balance with its totals, and the transaction history (with every top-up attempt).
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { TransactionList, WalletSummary, WalletTransaction } from '../../../shared/wallet.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.tables.ts';
import { payments } from '../payments/payments.tables.ts';
import { customerMessage } from '../payments/customer-message.ts';
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
  return {
    balanceKobo: user?.balanceKobo ?? 0,
    totalTopupsKobo: Number(totals?.topups ?? 0),
    totalSpentKobo: Number(totals?.spent ?? 0),
  };
}

/**
 * The ledger, newest first. With `attempts`, also every top-up that has not been credited (pending, failed,
 * expired), so the customer can follow each one; a credited top-up is its ledger row.
 */
export async function readTransactions(
  db: Db,
  userId: string,
  limit = HISTORY_LIMIT,
  { attempts = false } = {},
): Promise<TransactionList> {
  const [rows, open] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, userId))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(limit),
    attempts
      ? db
          .select(attemptColumns)
          .from(payments)
          .where(and(eq(payments.userId, userId), ne(payments.status, 'completed')))
          .orderBy(desc(payments.createdAt))
          .limit(limit)
      : Promise.resolve([]),
  ]);
  const list = [...rows.map(toWalletTransaction), ...open.map(attemptRow)];
  list.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  return { transactions: list.slice(0, limit) };
}

const attemptColumns = {
  id: payments.id,
  amountKobo: payments.amountKobo,
  provider: payments.provider,
  reference: payments.reference,
  status: payments.status,
  statusMessage: payments.statusMessage,
  providerReference: payments.providerReference,
  createdAt: payments.createdAt,
};

function attemptRow(p: {
  [K in keyof typeof attemptColumns]: (typeof payments.$inferSelect)[K];
}): WalletTransaction {
  return {
    id: p.id,
    type: 'topup',
    amountKobo: p.amountKobo,
    balanceAfterKobo: null,
    description: `Wallet top-up via ${p.provider === 'sandbox' ? 'Sandbox' : 'ErcasPay'}`,
    reference: p.reference,
    status: p.status,
    providerReference: p.providerReference,
    createdAt: p.createdAt.toISOString(),
    message: customerMessage(p),
  };
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
