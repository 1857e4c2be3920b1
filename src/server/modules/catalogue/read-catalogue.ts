// Public catalogue reads (SPEC.md §4 visibility): only active groups of active categories; a category is
// listed only when one of its active groups has stock. Credentials are never selected here.
import { and, asc, eq } from 'drizzle-orm';
import {
  type AccountResponse,
  type CatalogueResponse,
  type CategoryResponse,
  type PublicAccount,
  type PublicCategory,
  type PublicGroup,
} from '../../../shared/catalogue.ts';
import type { Db } from '../../db/client.ts';
import { categories, productGroups } from './catalogue.tables.ts';

const SAMPLE_ACCOUNTS = 6;

/**
 * The accounts on sale, which the stock module answers: it depends on the catalogue (an account belongs to
 * a product group, whose stock count it keeps), so the catalogue may not import it. buildApp (app.ts) hands
 * the stock's reads to the routes and pages that show them (docs/decisions/019-module-boundaries.md).
 */
export type StockShown = {
  /** Each group's first available accounts (every group asked for is a key), public details only. */
  samples: (
    db: Db,
    groupIds: string[],
    limit: number,
    /** An account's id: the group's accounts after it, in the same order. */
    after?: string,
  ) => Promise<Map<string, PublicAccount[]>>;
  /** One account by id with its group's id, whatever its status; null when unknown. */
  account: (
    db: Db,
    id: string,
  ) => Promise<{ account: PublicAccount; productGroupId: string } | null>;
};

const groupColumns = {
  id: productGroups.id,
  categoryId: productGroups.categoryId,
  categoryName: categories.name,
  name: productGroups.name,
  description: productGroups.description,
  priceKobo: productGroups.priceKobo,
  features: productGroups.features,
  stockCount: productGroups.stockCount,
  minOrderQuantity: productGroups.minOrderQuantity,
  maxOrderQuantity: productGroups.maxOrderQuantity,
  volumePrices: productGroups.volumePrices,
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
export async function readCategory(
  db: Db,
  stock: StockShown,
  id: string,
): Promise<CategoryResponse | null> {
  // The category and its groups at once (neither needs the other): one round trip less before the samples.
  const [[category], groups] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, description: categories.description })
      .from(categories)
      .where(and(eq(categories.id, id), eq(categories.isActive, true))),
    selectGroups(db)
      .where(and(visibleGroup, eq(productGroups.categoryId, id)))
      .orderBy(asc(productGroups.name)),
  ]);
  if (!category) return null;
  const samples = await stock.samples(
    db,
    groups.map((g) => g.id),
    SAMPLE_ACCOUNTS,
  );
  const withSamples = groups.map((group) => ({
    ...group,
    sampleAccounts: samples.get(group.id) ?? [],
  }));
  return { category: summarise(category, groups), groups: withSamples };
}

/** A visible group by id (its category active too); null otherwise. */
async function readVisibleGroup(db: Db, id: string): Promise<PublicGroup | null> {
  const [group] = await selectGroups(db).where(and(eq(productGroups.id, id), visibleGroup));
  return group ?? null;
}

/** One account for the single-account page; null when unknown or its group is not visible. */
export async function readAccount(
  db: Db,
  stock: StockShown,
  id: string,
): Promise<AccountResponse | null> {
  const found = await stock.account(db, id);
  const group = found && (await readVisibleGroup(db, found.productGroupId));
  if (!found || !group) return null;
  // The next few of the group: from the category page's first ones, each account's page leads to the rest.
  const more = await stock.samples(db, [group.id], SAMPLE_ACCOUNTS, found.account.id);
  return { account: found.account, group, moreAccounts: more.get(group.id) ?? [] };
}
