// Public catalogue reads (SPEC.md §4 visibility): only active groups of active categories; a category is
// listed only when one of its active groups has stock. Credentials are never selected here.
import { and, asc, eq } from 'drizzle-orm';
import {
  publicDetails,
  type AccountResponse,
  type CatalogueResponse,
  type CategoryResponse,
  type PublicAccount,
  type PublicCategory,
  type PublicGroup,
} from '../../../shared/catalogue.ts';
import type { Db } from '../../db/client.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { categories, productGroups } from './catalogue.tables.ts';

const SAMPLE_ACCOUNTS = 6;

const groupColumns = {
  id: productGroups.id,
  categoryId: productGroups.categoryId,
  categoryName: categories.name,
  name: productGroups.name,
  description: productGroups.description,
  priceKobo: productGroups.priceKobo,
  features: productGroups.features,
  stockCount: productGroups.stockCount,
};

const visibleGroup = and(eq(productGroups.isActive, true), eq(categories.isActive, true));

function selectGroups(db: Db) {
  return db
    .select(groupColumns)
    .from(productGroups)
    .innerJoin(categories, eq(categories.id, productGroups.categoryId));
}

function summarise(
  category: { id: string; name: string; description: string },
  groups: PublicGroup[],
): PublicCategory {
  const own = groups.filter((g) => g.categoryId === category.id);
  const prices = own.map((g) => g.priceKobo).filter((p) => p > 0);
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    groupCount: own.length,
    stockCount: own.reduce((sum, g) => sum + g.stockCount, 0),
    minPriceKobo: prices.length ? Math.min(...prices) : null,
  };
}

export async function readCatalogue(db: Db): Promise<CatalogueResponse> {
  const [groups, cats] = await Promise.all([
    selectGroups(db).where(visibleGroup).orderBy(asc(categories.name), asc(productGroups.name)),
    db
      .select({ id: categories.id, name: categories.name, description: categories.description })
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.name)),
  ]);
  const listed = cats
    .map((c) => summarise(c, groups))
    .filter((c) => groups.some((g) => g.categoryId === c.id && g.stockCount > 0));
  return { categories: listed, groups };
}

/** A category by id, reachable by link even when it has no stock; null when unknown or inactive. */
export async function readCategory(db: Db, id: string): Promise<CategoryResponse | null> {
  const [category] = await db
    .select({ id: categories.id, name: categories.name, description: categories.description })
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.isActive, true)));
  if (!category) return null;
  const groups = await selectGroups(db)
    .where(and(visibleGroup, eq(productGroups.categoryId, id)))
    .orderBy(asc(productGroups.name));
  const withSamples = await Promise.all(
    groups.map(async (group) => ({ ...group, sampleAccounts: await sampleAccounts(db, group.id) })),
  );
  return { category: summarise(category, groups), groups: withSamples };
}

async function sampleAccounts(db: Db, groupId: string): Promise<PublicAccount[]> {
  const rows = await db
    .select({
      id: stockAccounts.id,
      username: stockAccounts.username,
      info: stockAccounts.additionalInfo,
    })
    .from(stockAccounts)
    .where(and(eq(stockAccounts.productGroupId, groupId), eq(stockAccounts.status, 'available')))
    .orderBy(asc(stockAccounts.createdAt), asc(stockAccounts.id))
    .limit(SAMPLE_ACCOUNTS);
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    details: publicDetails(r.info),
    isAvailable: true,
  }));
}

/** One account for the single-account page; null when unknown or its group is not visible. */
export async function readAccount(db: Db, id: string): Promise<AccountResponse | null> {
  const [row] = await db
    .select({
      group: groupColumns,
      id: stockAccounts.id,
      username: stockAccounts.username,
      info: stockAccounts.additionalInfo,
      status: stockAccounts.status,
    })
    .from(stockAccounts)
    .innerJoin(productGroups, eq(productGroups.id, stockAccounts.productGroupId))
    .innerJoin(categories, eq(categories.id, productGroups.categoryId))
    .where(and(eq(stockAccounts.id, id), visibleGroup));
  if (!row) return null;
  return {
    account: {
      id: row.id,
      username: row.username,
      details: publicDetails(row.info),
      isAvailable: row.status === 'available',
    },
    group: row.group,
  };
}

/**
 * The ids of the accounts on sale in visible groups, oldest first, at most `limit`: the product pages the sitemap
 * lists (a sold one drops out; its page stays, saying so).
 */
export async function readProductPageIds(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: stockAccounts.id })
    .from(stockAccounts)
    .innerJoin(productGroups, eq(productGroups.id, stockAccounts.productGroupId))
    .innerJoin(categories, eq(categories.id, productGroups.categoryId))
    .where(and(visibleGroup, eq(stockAccounts.status, 'available')))
    .orderBy(asc(stockAccounts.createdAt), asc(stockAccounts.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
