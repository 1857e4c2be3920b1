// Volume prices of a product group (from N accounts, ₦X each) and the rule for combining them with a promo code,
// stated once. No zod here: the public pages use it. The purchase's own rule is SQL's
// (src/server/db/functions/06-unit-price.sql, 07-promo-discount.sql); these are the screens' copies, held to it by
// modules/orders/pricing.test.ts.

/** One tier: an order of at least minQuantity accounts pays priceKobo for each. */
export type VolumePrice = { minQuantity: number; priceKobo: number };

/**
 * THE PRICING RULE, in words (docs/decisions/027-volume-prices-and-promo-codes.md): the tier first (the highest
 * tier the quantity reaches sets the unit price; none reached, the list price), so subtotal = unit × quantity;
 * then the promo code off that subtotal (a percentage rounded down to whole kobo, or a fixed amount), never more
 * than the subtotal, so the price paid is never below zero.
 */
export const PRICING_RULE =
  'Volume price first, then the promo code off that subtotal (a percentage rounded down to whole kobo, or a fixed amount), never below zero.';

/** The tier that applies at `quantity`, if any (to say "₦X each from N" on screen). */
export function tierFor(
  volumePrices: readonly VolumePrice[],
  quantity: number,
): VolumePrice | null {
  let best: VolumePrice | null = null;
  for (const tier of volumePrices)
    if (tier.minQuantity <= quantity && (!best || tier.minQuantity > best.minQuantity)) best = tier;
  return best;
}

/** The unit price at `quantity`: the highest tier it reaches, else the list price (06-unit-price.sql). */
export function unitPriceFor(
  listPriceKobo: number,
  volumePrices: readonly VolumePrice[],
  quantity: number,
): number {
  return tierFor(volumePrices, quantity)?.priceKobo ?? listPriceKobo;
}
