// What the admin console shows of the orders: the sales figures, and one customer's latest orders.
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from './orders.tables.ts';

/** Completed orders and their revenue, in kobo. */
export async function readSalesTotals(db: Db): Promise<{ sales: number; revenueKobo: number }> {
  const [row] = await db
    .select({ n: count(), revenue: sql<number>`coalesce(sum(${orders.amountKobo}), 0)::bigint` })
    .from(orders)
    .where(eq(orders.status, 'completed'));
  return { sales: row?.n ?? 0, revenueKobo: Number(row?.revenue ?? 0) };
}

/** A customer's newest `limit` orders and how many they have in all. */
export async function readLatestOrdersOf(db: Db, userId: string, limit: number) {
  const [latest, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        productGroupId: orders.productGroupId,
        quantity: orders.quantity,
        amountKobo: orders.amountKobo,
        status: orders.status,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt))
      .limit(limit),
    db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  return { orders: latest, total: total?.n ?? 0 };
}
