// The stock side of a warranty report (reports/): the sold accounts it locks and reads, and what resolving
// it does to them (refunded, or replaced by the group's next available account), in the caller's
// transaction, so that the account's change commits with the report's resolution and its ledger row.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { readByIds } from '../../db/read-by-ids.ts';
import { recomputeStockCount } from './stock-count.ts';
import { stockAccounts } from './stock.tables.ts';

export type StockAccount = typeof stockAccounts.$inferSelect;

/** Each known account among `accountIds`, sealed credentials included, in one query. */
export function readAccounts(
  db: Db | Tx,
  accountIds: readonly string[],
): Promise<Map<string, StockAccount>> {
  return readByIds(accountIds, (ids) =>
    db.select().from(stockAccounts).where(inArray(stockAccounts.id, ids)),
  );
}

/** One account, locked for the rest of the transaction; null when unknown. */
export async function lockAccount(tx: Tx, accountId: string): Promise<StockAccount | null> {
  const [account] = await tx
    .select()
    .from(stockAccounts)
    .where(eq(stockAccounts.id, accountId))
    .for('update');
  return account ?? null;
}

/** Those of `accountIds` still sold to the order, locked, with when each was handed over. */
export function lockSoldAccounts(tx: Tx, orderId: string, accountIds: string[]) {
  return tx
    .select({ id: stockAccounts.id, soldAt: stockAccounts.soldAt })
    .from(stockAccounts)
    .where(
      and(
        eq(stockAccounts.orderId, orderId),
        eq(stockAccounts.status, 'sold'),
        inArray(stockAccounts.id, accountIds),
      ),
    )
    .for('update');
}

/** A refunded account stays on its order for history and is never sold again. */
export async function markAccountRefunded(tx: Tx, accountId: string): Promise<void> {
  await tx.update(stockAccounts).set({ status: 'refunded' }).where(eq(stockAccounts.id, accountId));
}

/**
 * The faulty account becomes 'replaced' (kept on its order, never sold again) and the oldest available
 * account of its group is sold to the same order; the group is recounted. Null when none is available
 * (nothing changed then).
 */
export async function replaceSoldAccount(
  tx: Tx,
  account: StockAccount,
  orderId: string,
): Promise<StockAccount | null> {
  // SKIP LOCKED: a buyer holding an available row keeps it; we take the next one.
  const [replacement] = await tx
    .select()
    .from(stockAccounts)
    .where(
      and(
        eq(stockAccounts.productGroupId, account.productGroupId),
        eq(stockAccounts.status, 'available'),
      ),
    )
    .orderBy(asc(stockAccounts.createdAt), asc(stockAccounts.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!replacement) return null;
  const now = new Date();
  await tx
    .update(stockAccounts)
    .set({ status: 'replaced' })
    .where(eq(stockAccounts.id, account.id));
  await tx
    .update(stockAccounts)
    .set({ status: 'sold', orderId, soldAt: now })
    .where(eq(stockAccounts.id, replacement.id));
  await recomputeStockCount(tx, account.productGroupId);
  return { ...replacement, status: 'sold', orderId, soldAt: now };
}
