// The accounts an order bought and still holds (status sold), in the order they were handed over, sealed
// credentials included: the orders module opens them for the owner only.
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { stockAccounts } from './stock.tables.ts';

export function readSoldAccounts(db: Db | Tx, orderId: string) {
  return db
    .select()
    .from(stockAccounts)
    .where(and(eq(stockAccounts.orderId, orderId), eq(stockAccounts.status, 'sold')))
    .orderBy(asc(stockAccounts.soldAt), asc(stockAccounts.createdAt), asc(stockAccounts.id));
}
