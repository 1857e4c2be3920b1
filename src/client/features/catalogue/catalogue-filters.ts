// Search, filter and sort of the catalogue lists, as plain functions (the pages only hold the inputs).
import type { PublicCategory, PublicGroup } from '../../../shared/catalogue.ts';

function includes(text: string, term: string): boolean {
  return text.toLowerCase().includes(term);
}

/** A group matches on its name, description, category name or any feature. */
export function groupMatches(group: PublicGroup, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  return (
    includes(group.name, term) ||
    includes(group.description, term) ||
    includes(group.categoryName, term) ||
    group.features.some((f) => includes(f, term))
  );
}

export const ALL_CATEGORIES = 'all';

/** The products page lists: a category shows when it is chosen and its own text or one of its groups matches. */
export function filterCatalogue(
  categories: PublicCategory[],
  groups: PublicGroup[],
  { search, categoryId }: { search: string; categoryId: string },
): { categories: PublicCategory[]; groups: PublicGroup[] } {
  const inCategory = (id: string) => categoryId === ALL_CATEGORIES || id === categoryId;
  const term = search.trim().toLowerCase();
  const matchedGroups = groups.filter((g) => inCategory(g.categoryId) && groupMatches(g, term));
  const matchedCategories = categories.filter(
    (c) =>
      inCategory(c.id) &&
      (!term ||
        includes(c.name, term) ||
        includes(c.description, term) ||
        matchedGroups.some((g) => g.categoryId === c.id)),
  );
  return { categories: matchedCategories, groups: matchedGroups };
}

export const sortOptions = [
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
  { value: 'stock-desc', label: 'Most Available' },
] as const;

export type SortOrder = (typeof sortOptions)[number]['value'];

export function isSortOrder(value: string): value is SortOrder {
  return sortOptions.some((o) => o.value === value);
}

export function sortGroups<G extends PublicGroup>(groups: G[], order: SortOrder): G[] {
  const byName = (a: G, b: G) => a.name.localeCompare(b.name);
  const compare: Record<SortOrder, (a: G, b: G) => number> = {
    'price-asc': (a, b) => a.priceKobo - b.priceKobo || byName(a, b),
    'price-desc': (a, b) => b.priceKobo - a.priceKobo || byName(a, b),
    'stock-desc': (a, b) => b.stockCount - a.stockCount || byName(a, b),
  };
  return [...groups].sort(compare[order]);
}
