// stock_count is derived data: the number of a group's available accounts, recomputed after every change.
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { productGroups } from '../catalogue/catalogue.tables.ts';

/**
 * Locks the group row, then counts in a fresh statement: under READ COMMITTED the count then sees every
 * change committed before the lock was granted, so concurrent writers cannot leave a stale figure.
 * NO KEY UPDATE, not UPDATE: inserting an order takes a KEY SHARE lock on its group (the foreign key),
 * and FOR UPDATE would deadlock two concurrent purchases of the same group.
 */
export async function recomputeStockCount(tx: Tx | Db, groupId: string): Promise<number> {
  await tx.execute(sql`select 1 from product_groups where id = ${groupId} for no key update`);
  const [row] = await tx
    .update(productGroups)
    .set({
      stockCount: sql`(select count(*)::int from individual_accounts a where a.product_group_id = ${groupId} and a.status = 'available')`,
      updatedAt: new Date(),
    })
    .where(eq(productGroups.id, groupId))
    .returning({ stockCount: productGroups.stockCount });
  return row?.stockCount ?? 0;
}
