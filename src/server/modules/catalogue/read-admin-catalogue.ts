// The admin console's catalogue reads: every category with its template count, every template (product
// group) with its account and sale counts, and one of either after a change.
import { asc, count, eq, sql } from 'drizzle-orm';
import {
  adminMessages,
  type AdminCatalogue,
  type AdminCategory,
  type AdminProductGroup,
} from '../../../shared/admin-catalogue.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { categories, productGroups } from './catalogue.tables.ts';

export async function readAdminCatalogue(db: Db): Promise<AdminCatalogue> {
  const [cats, groups] = await Promise.all([
    selectCategories(db).orderBy(asc(categories.name)),
    selectProductGroups(db).orderBy(asc(productGroups.name)),
  ]);
  return { categories: cats, templates: groups.map(toProductGroup) };
}

export async function loadCategory(tx: Tx | Db, id: string): Promise<AdminCategory> {
  const [row] = await selectCategories(tx).where(eq(categories.id, id));
  if (!row) throw notFound(adminMessages.categoryNotFound);
  return row;
}

export async function loadProductGroup(tx: Tx | Db, id: string): Promise<AdminProductGroup> {
  const [row] = await selectProductGroups(tx).where(eq(productGroups.id, id));
  if (!row) throw notFound(adminMessages.productGroupNotFound);
  return toProductGroup(row);
}

/** The name of a product group, or 404 with `message`: the CSV upload and export name the group they act on. */
export async function readProductGroupName(db: Db, id: string, message: string): Promise<string> {
  const [group] = await db
    .select({ name: productGroups.name })
    .from(productGroups)
    .where(eq(productGroups.id, id));
  if (!group) throw notFound(message);
  return group.name;
}

function selectCategories(tx: Tx | Db) {
  return tx
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      isActive: categories.isActive,
      templateCount: count(productGroups.id),
    })
    .from(categories)
    .leftJoin(productGroups, eq(productGroups.categoryId, categories.id))
    .groupBy(categories.id)
    .$dynamic();
}

function selectProductGroups(tx: Tx | Db) {
  const counts = tx
    .select({
      groupId: stockAccounts.productGroupId,
      total: count().as('total'),
      sold: sql<number>`count(*) filter (where ${stockAccounts.status} = 'sold')::int`.as('sold'),
    })
    .from(stockAccounts)
    .groupBy(stockAccounts.productGroupId)
    .as('counts');
  return tx
    .select({
      group: productGroups,
      categoryName: categories.name,
      total: counts.total,
      sold: counts.sold,
    })
    .from(productGroups)
    .innerJoin(categories, eq(categories.id, productGroups.categoryId))
    .leftJoin(counts, eq(counts.groupId, productGroups.id))
    .$dynamic();
}

type ProductGroupRow = Awaited<
  ReturnType<ReturnType<typeof selectProductGroups>['execute']>
>[number];

function toProductGroup({ group, categoryName, total, sold }: ProductGroupRow): AdminProductGroup {
  return {
    id: group.id,
    categoryId: group.categoryId,
    categoryName,
    name: group.name,
    description: group.description,
    priceKobo: group.priceKobo,
    features: group.features,
    stockCount: group.stockCount,
    accountCount: total ?? 0,
    soldCount: sold ?? 0,
    isActive: group.isActive,
    createdAt: group.createdAt.toISOString(),
  };
}
