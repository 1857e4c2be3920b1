// Orders by id, whole rows, for the modules that act on an order after the sale (reports: its price, its
// owner, its snapshot of the product).
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { readByIds } from '../../db/read-by-ids.ts';
import { orders } from './orders.tables.ts';

export type Order = typeof orders.$inferSelect;

/** One order; null when unknown. */
export async function readOrder(db: Db | Tx, orderId: string): Promise<Order | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ?? null;
}

/** Each known order among `orderIds`, in one query. */
export function readOrders(db: Db | Tx, orderIds: readonly string[]): Promise<Map<string, Order>> {
  return readByIds(orderIds, (ids) => db.select().from(orders).where(inArray(orders.id, ids)));
}
