// The admin console's catalogue reads: every category with its template count, every template (product
// group) with its account and sale counts, and one of either after a change.
import { asc, count, eq } from 'drizzle-orm';
import {
  adminMessages,
  type AdminCatalogue,
  type AdminCategory,
  type AdminProductGroup,
} from '../../../shared/admin-catalogue.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { categories, productGroups } from './catalogue.tables.ts';

export type GroupStockFigures = { accounts: number; sold: number; ordered: number };

/**
 * Per product group, its accounts, how many are sold, and how many went to an order (sold, replaced or
 * refunded); for every group that has accounts, or only `groupIds`. The stock module answers (it depends on
 * the catalogue: an account belongs to a group), so the catalogue may not import it: buildApp (app.ts) hands
 * the stock's read to the admin catalogue's routes (docs/decisions/019-module-boundaries.md).
 */
export type StockFigures = (
  db: Db | Tx,
  groupIds?: readonly string[],
) => Promise<Map<string, GroupStockFigures>>;

export async function readAdminCatalogue(
  db: Db,
  stockFigures: StockFigures,
): Promise<AdminCatalogue> {
  const [cats, groups, figures] = await Promise.all([
    selectCategories(db).orderBy(asc(categories.name)),
    selectProductGroups(db).orderBy(asc(productGroups.name)),
    stockFigures(db),
  ]);
  return {
    categories: cats,
    productGroups: groups.map((g) => toProductGroup(g, figures.get(g.group.id))),
  };
}

export async function loadCategory(tx: Tx | Db, id: string): Promise<AdminCategory> {
  const [row] = await selectCategories(tx).where(eq(categories.id, id));
  if (!row) throw notFound(adminMessages.categoryNotFound);
  return row;
}

export async function loadProductGroup(
  tx: Tx | Db,
  stockFigures: StockFigures,
  id: string,
): Promise<AdminProductGroup> {
  const [[row], figures] = await Promise.all([
    selectProductGroups(tx).where(eq(productGroups.id, id)),
    stockFigures(tx, [id]),
  ]);
  if (!row) throw notFound(adminMessages.productGroupNotFound);
  return toProductGroup(row, figures.get(id));
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
      productGroupCount: count(productGroups.id),
    })
    .from(categories)
    .leftJoin(productGroups, eq(productGroups.categoryId, categories.id))
    .groupBy(categories.id)
    .$dynamic();
}

function selectProductGroups(tx: Tx | Db) {
  return tx
    .select({ group: productGroups, categoryName: categories.name })
    .from(productGroups)
    .innerJoin(categories, eq(categories.id, productGroups.categoryId))
    .$dynamic();
}

type ProductGroupRow = Awaited<
  ReturnType<ReturnType<typeof selectProductGroups>['execute']>
>[number];

function toProductGroup(
  { group, categoryName }: ProductGroupRow,
  figures: GroupStockFigures | undefined,
): AdminProductGroup {
  return {
    id: group.id,
    categoryId: group.categoryId,
    categoryName,
    name: group.name,
    description: group.description,
    priceKobo: group.priceKobo,
    features: group.features,
    stockCount: group.stockCount,
    minOrderQuantity: group.minOrderQuantity,
    maxOrderQuantity: group.maxOrderQuantity,
    volumePrices: group.volumePrices,
    accountCount: figures?.accounts ?? 0,
    soldCount: figures?.sold ?? 0,
    isActive: group.isActive,
    createdAt: group.createdAt.toISOString(),
  };
}
