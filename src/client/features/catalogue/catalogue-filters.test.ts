// The products page search and the category page sort, on a tiny catalogue.
import { describe, expect, it } from 'vitest';
import type { PublicCategory, PublicGroup } from '../../../shared/catalogue.ts';
import { ALL_CATEGORIES, filterCatalogue, sortGroups } from './catalogue-filters.ts';

const category = (id: string, name: string, description = ''): PublicCategory => ({
  id,
  name,
  description,
  groupCount: 1,
  stockCount: 1,
  minPriceKobo: 100,
});
const group = (
  id: string,
  categoryId: string,
  categoryName: string,
  priceKobo: number,
  stockCount: number,
  features: string[] = [],
): PublicGroup => ({
  id,
  categoryId,
  categoryName,
  name: `${categoryName} ${id}`,
  description: '',
  priceKobo,
  features,
  stockCount,
  minOrderQuantity: 1,
  maxOrderQuantity: null,
  volumePrices: [],
});

const categories = [
  category('ig', 'Instagram', 'Real followers'),
  category('tt', 'TikTok', 'Creators'),
];
const groups = [
  group('a', 'ig', 'Instagram', 350_000, 12, ['Email access']),
  group('b', 'ig', 'Instagram', 1_200_000, 3),
  group('c', 'tt', 'TikTok', 450_000, 8),
];

describe('filterCatalogue', () => {
  it('matches groups on category name and features, and keeps their categories', () => {
    const shown = filterCatalogue(categories, groups, {
      search: 'email ACCESS',
      categoryId: ALL_CATEGORIES,
    });
    expect(shown.groups.map((g) => g.id)).toEqual(['a']);
    expect(shown.categories.map((c) => c.id)).toEqual(['ig']);
  });

  it('narrows both lists to the chosen category', () => {
    const shown = filterCatalogue(categories, groups, { search: '', categoryId: 'tt' });
    expect(shown.groups.map((g) => g.id)).toEqual(['c']);
    expect(shown.categories.map((c) => c.id)).toEqual(['tt']);
  });

  it('matches nothing for an unknown word', () => {
    const shown = filterCatalogue(categories, groups, {
      search: 'zzz',
      categoryId: ALL_CATEGORIES,
    });
    expect(shown).toEqual({ categories: [], groups: [] });
  });
});

describe('sortGroups', () => {
  it('sorts by price both ways and by stock, without changing its input', () => {
    expect(sortGroups(groups, 'price-asc').map((g) => g.id)).toEqual(['a', 'c', 'b']);
    expect(sortGroups(groups, 'price-desc').map((g) => g.id)).toEqual(['b', 'c', 'a']);
    expect(sortGroups(groups, 'stock-desc').map((g) => g.id)).toEqual(['a', 'c', 'b']);
    expect(groups.map((g) => g.id)).toEqual(['a', 'b', 'c']);
  });
});
