// The catalogue's contract: what the public API returns, the stock rules and labels both sides show.
import type { PublicAccount, PublicGroup } from './catalogue-answers.ts';
import { MAX_QUANTITY, type OrderQuantityLimits } from './order-quantity.ts';

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

/** The quantity input: an integer within the group's limits per order and its stock; anything else falls back to
 * the group's minimum (or the stock, when that is less). */
export function clampQuantity(
  input: unknown,
  stockCount: number,
  limits: OrderQuantityLimits = { minOrderQuantity: 1, maxOrderQuantity: null },
): number {
  const n = typeof input === 'number' ? input : Number(String(input ?? '').trim());
  const most = Math.min(stockCount, limits.maxOrderQuantity ?? MAX_QUANTITY);
  if (!Number.isInteger(n) || n < limits.minOrderQuantity || n > most)
    return Math.min(limits.minOrderQuantity, Math.max(stockCount, 1));
  return n;
}

/** The answers' types (their schemas live in catalogue-answers.ts, which keeps zod out of the public pages). */
export type {
  AccountResponse,
  CatalogueResponse,
  CategoryResponse,
  PublicAccount,
  PublicCategory,
  PublicGroup,
} from './catalogue-answers.ts';

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
