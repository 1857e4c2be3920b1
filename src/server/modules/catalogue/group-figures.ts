// What other modules show of the product groups: each group's name with its category's (admin lists of
// accounts, orders, reports), its stock count, and how many active groups run low.
import { and, between, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { readByIds } from '../../db/read-by-ids.ts';
import { categories, productGroups } from './catalogue.tables.ts';

/** Each known group among `groupIds` with its name, its category's and its stock count, in one query. */
export function readGroupLabels(db: Db | Tx, groupIds: readonly string[]) {
  return readByIds(groupIds, (ids) =>
    db
      .select({
        id: productGroups.id,
        name: productGroups.name,
        categoryName: categories.name,
        stockCount: productGroups.stockCount,
      })
      .from(productGroups)
      .innerJoin(categories, eq(categories.id, productGroups.categoryId))
      .where(inArray(productGroups.id, ids)),
  );
}

/** Active groups with some stock but at most `threshold` accounts left (the low-stock threshold, a setting). */
export async function countLowStockGroups(db: Db, threshold: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(productGroups)
    .where(and(eq(productGroups.isActive, true), between(productGroups.stockCount, 1, threshold)));
  return row?.n ?? 0;
}
