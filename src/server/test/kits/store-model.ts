// The tiny model the model-based test holds the store to: its state, and the price it expects.
/** The test configuration's defaults: REFERRAL_PERCENT 5, REFERRAL_MAX_TOPUPS 3. */
export const REFERRAL = { percent: 5, maxTopups: 3 };

export type Model = {
  balances: number[];
  stock: number[];
  prices: number[];
  orders: Map<string, { user: number; group: number; qty: number; code: boolean }>;
  /** Credited top-ups per customer, and who brought each (tied only). */
  topups: number[];
  referrerOf: (number | null)[];
  isProgrammeOn: boolean;
  /** Volume prices of each group: [from quantity, unit price], highest first. */
  tiers: [number, number][][];
  /** What each order paid, by its id (a refund gives back its share). */
  paid: Map<string, { amount: number; qty: number }>;
  /** The run's promo code (10% off, 2 uses in all, 1 per customer): uses in all and by each customer. */
  codeUses: number;
  codeUsesBy: number[];
};
export type Real = { users: { id: string; cookie: string }[]; groups: string[]; code: string };

export const CODE_PERCENT = 10;
export const CODE_USES = 2;
/** The price the model expects: the volume price, then the code (PRICING_RULE, src/shared/volume-prices.ts). */
export function modelPrice(m: Model, group: number, qty: number, code: boolean): number {
  const unit = m.tiers[group]!.find(([from]) => qty >= from)?.[1] ?? m.prices[group]!;
  const subtotal = unit * qty;
  return code ? subtotal - Math.floor((subtotal * CODE_PERCENT) / 100) : subtotal;
}
