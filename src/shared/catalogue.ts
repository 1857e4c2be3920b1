// The catalogue's contract: what the public API returns, the stock rules and labels both sides show.

/** SPEC.md §9: low stock is above 0 and below 5. */
export const LOW_STOCK_BELOW = 5;
/** SPEC.md §2: a category with no priced group shows this instead of a price. */
export const FALLBACK_PRICE_TEXT = 'From ₦25+';
/** How many features a card shows as badges before '+N more'. */
export const FEATURE_BADGES = 3;

export type StockLabel = 'Out of Stock' | 'Low Stock' | null;

export function stockLabel(stockCount: number): StockLabel {
  if (stockCount <= 0) return 'Out of Stock';
  if (stockCount < LOW_STOCK_BELOW) return 'Low Stock';
  return null;
}

/** The quantity input: an integer from 1 to stock; anything else falls back to 1. */
export function clampQuantity(input: unknown, stockCount: number): number {
  const n = typeof input === 'number' ? input : Number(String(input ?? '').trim());
  if (!Number.isInteger(n) || n < 1 || n > stockCount) return 1;
  return n;
}

export type PublicCategory = {
  id: string;
  name: string;
  description: string;
  /** Active groups in the category. */
  groupCount: number;
  /** Available accounts over its active groups. */
  stockCount: number;
  /** Cheapest priced (> 0) active group, or null: the card then shows FALLBACK_PRICE_TEXT. */
  minPriceKobo: number | null;
};

export type PublicGroup = {
  id: string;
  categoryId: string;
  categoryName: string;
  name: string;
  description: string;
  priceKobo: number;
  features: string[];
  stockCount: number;
};

/** An account as a visitor may see it: never a credential. */
export type PublicAccount = {
  id: string;
  username: string;
  /** Public details such as followers (keys that look secret are never included). */
  details: Record<string, string | number | boolean>;
  isAvailable: boolean;
};

/** GET /api/catalogue: visible categories and the active groups of active categories. */
export type CatalogueResponse = { categories: PublicCategory[]; groups: PublicGroup[] };

/** GET /api/catalogue/categories/:id: one category with its active groups and a few available accounts each. */
export type CategoryResponse = {
  category: PublicCategory;
  groups: (PublicGroup & { sampleAccounts: PublicAccount[] })[];
};

/** GET /api/catalogue/accounts/:id: one account and its group (the single-account page). */
export type AccountResponse = { account: PublicAccount; group: PublicGroup };

export const catalogueMessages = {
  databaseError: 'Failed to connect to database',
  categoryNotFound: 'Category not found',
  productNotFound: 'Product not found',
  loadCategoryFailed: 'Failed to load category data',
  loadProductFailed: 'Failed to load product data',
} as const;

/** Keys of additional_info never shown publicly, even if an admin put them there. */
export const SECRET_KEY = /pass|secret|token|cookie|2fa|two_?fa|otp|recovery|backup|code|key/i;

export function publicDetails(info: Record<string, unknown>): PublicAccount['details'] {
  const out: PublicAccount['details'] = {};
  for (const [key, value] of Object.entries(info)) {
    if (SECRET_KEY.test(key)) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[key] = value;
  }
  return out;
}

/** Navigation state handed to /checkout (SPEC.md §3 checkout navigation state). */
export type CheckoutState = {
  accountId?: string;
  productGroup: PublicGroup;
  category: string;
  quantity: number;
  isBulkPurchase: boolean;
};
