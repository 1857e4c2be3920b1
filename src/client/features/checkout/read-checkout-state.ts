// The navigation state /checkout needs (SPEC.md §3), checked: a reload or a hand-typed URL may bring none.
import type { CheckoutState } from '../../../shared/catalogue.ts';
import { MAX_QUANTITY } from '../../../shared/orders.ts';

export function readCheckoutState(state: unknown): CheckoutState | null {
  if (typeof state !== 'object' || state === null) return null;
  const s = state as Partial<CheckoutState>;
  const group = s.productGroup;
  if (
    !group ||
    typeof group.id !== 'string' ||
    typeof group.name !== 'string' ||
    typeof group.priceKobo !== 'number'
  )
    return null;
  const accountId = typeof s.accountId === 'string' && s.accountId ? s.accountId : undefined;
  const asked =
    Number.isInteger(s.quantity) && s.quantity! >= 1 && s.quantity! <= MAX_QUANTITY
      ? s.quantity!
      : 1;
  // One named account is always a quantity of one.
  const quantity = accountId ? 1 : asked;
  return {
    accountId,
    // A state saved before groups had limits (an old history entry) reads as no limits of the group's own.
    productGroup: {
      ...group,
      minOrderQuantity: Number.isInteger(group.minOrderQuantity) ? group.minOrderQuantity : 1,
      maxOrderQuantity: Number.isInteger(group.maxOrderQuantity) ? group.maxOrderQuantity : null,
      volumePrices: Array.isArray(group.volumePrices) ? group.volumePrices : [],
    },
    category: typeof s.category === 'string' && s.category ? s.category : group.categoryName,
    quantity,
    isBulkPurchase: quantity > 1,
  };
}
