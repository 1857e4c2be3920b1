// What other modules show of the stock in figures: how many accounts the store holds, and per product group
// how many it holds and has sold (the admin catalogue's columns, through catalogue/read-admin-catalogue.ts's
// StockFigures read, handed to the admin catalogue's routes by buildApp in app.ts).
import { count, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { GroupStockFigures } from '../catalogue/read-admin-catalogue.ts';
import { stockAccounts } from './stock.tables.ts';

/** Every account row, whatever its status. */
export async function countStockAccounts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(stockAccounts);
  return row?.n ?? 0;
}

/**
 * Per group that has accounts (only `groupIds` when given): its accounts, how many are sold, and how many
 * went to an order (sold, replaced or refunded: those hold their order id).
 */
export async function readAccountCounts(
  db: Db | Tx,
  groupIds?: readonly string[],
): Promise<Map<string, GroupStockFigures>> {
  if (groupIds && !groupIds.length) return new Map();
  const rows = await db
    .select({
      groupId: stockAccounts.productGroupId,
      accounts: count(),
      sold: sql<number>`count(*) filter (where ${stockAccounts.status} = 'sold')::int`,
      ordered: sql<number>`count(${stockAccounts.orderId})::int`,
    })
    .from(stockAccounts)
    .where(groupIds ? inArray(stockAccounts.productGroupId, [...groupIds]) : undefined)
    .groupBy(stockAccounts.productGroupId);
  return new Map(rows.map(({ groupId, ...n }) => [groupId, n]));
}
