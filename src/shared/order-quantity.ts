// How many accounts one order may hold: the store's cap, and a product group's own limits. No zod here: the public
// pages use it.
/** The most accounts one purchase may hold, whatever the group. */
export const MAX_QUANTITY = 100;

/** A product group's quantity per order: at least min, at most max (null: up to MAX_QUANTITY). */
export type OrderQuantityLimits = { minOrderQuantity: number; maxOrderQuantity: number | null };

/** "2 to 10 accounts", "at least 5 accounts", "at most 3 accounts", "1 account". */
export function quantityRangeText({
  minOrderQuantity: min,
  maxOrderQuantity: max,
}: OrderQuantityLimits): string {
  const accounts = (n: number) => `${n} account${n === 1 ? '' : 's'}`;
  if (max === null)
    return min > 1 ? `at least ${accounts(min)}` : `up to ${accounts(MAX_QUANTITY)}`;
  if (min === max) return accounts(min);
  return min > 1 ? `${min} to ${accounts(max)}` : `at most ${accounts(max)}`;
}

/** Whether an order of `quantity` keeps to its group's limits (the purchase's own rule is SQL's, in one place:
 * src/server/db/functions/05-order-quantity-allowed.sql; this is the screens' copy, held to it by a test). */
export function isQuantityAllowed(quantity: number, limits: OrderQuantityLimits): boolean {
  return (
    quantity >= limits.minOrderQuantity &&
    (limits.maxOrderQuantity === null || quantity <= limits.maxOrderQuantity)
  );
}

/** Whether a group limits its orders beyond the store's own cap (screens show the limits only then). */
export function hasOwnLimits(limits: OrderQuantityLimits): boolean {
  return limits.minOrderQuantity > 1 || limits.maxOrderQuantity !== null;
}
