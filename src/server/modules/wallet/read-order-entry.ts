// An order's own purchase ledger row (not its refunds): what it cost and the balance right after it (null for a free order, which
// writes none).
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { transactions } from './wallet.tables.ts';

export async function readOrderEntry(
  db: Db | Tx,
  orderId: string,
): Promise<{ amountKobo: number; balanceAfterKobo: number } | null> {
  const [row] = await db
    .select({
      amountKobo: transactions.amountKobo,
      balanceAfterKobo: transactions.balanceAfterKobo,
    })
    .from(transactions)
    .where(and(eq(transactions.orderId, orderId), eq(transactions.type, 'purchase')));
  return row ?? null;
}
