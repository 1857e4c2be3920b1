// The purchase and order-history contract: the request, the exact SPEC.md messages, what the API returns.
import { z } from 'zod';
import { detailsSchema, koboSchema, timestampSchema } from './answer-parts.ts';
import { OUTBOX_STATUSES } from './mail.ts';
import { formatNaira } from './money.ts';
import { MAX_QUANTITY, quantityRangeText, type OrderQuantityLimits } from './order-quantity.ts';
import { promoCodeSchema } from './promotions.ts';
import { orderItemSchema } from './reports.ts';

// The quantity per order lives in its own zod-free file, so the public pages can use it without zod.
export {
  MAX_QUANTITY,
  isQuantityAllowed,
  quantityRangeText,
  type OrderQuantityLimits,
} from './order-quantity.ts';
export const ORDER_ID_SHOWN = 8;
export const PURCHASE_TOAST_MS = 10_000;
export const ORDER_STATUSES = ['completed', 'processing', 'failed', 'pending'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderMessages = {
  productNotFound: 'Product not found',
  onlyAvailable: (available: number, requested: number) =>
    `Only ${available} accounts available, but ${requested} requested`,
  insufficientBalance: 'Insufficient wallet balance',
  /** A product group's quantity per order (product_groups.min/max_order_quantity). */
  quantityLimits: (limits: OrderQuantityLimits) =>
    `Order ${quantityRangeText(limits)} of this product at a time.`,
  accountUnavailable: 'Account not found or no longer available',
  loadAccountFailed: 'Failed to load account details',
  purchaseFailedTitle: 'Purchase Failed',
  purchaseFailed: 'Purchase failed. Please try again.',
  completeFailed: 'Failed to complete purchase',
  unexpected: 'An unexpected error occurred during purchase',
  insufficientFunds: (shortKobo: number) =>
    `Insufficient funds. You need ${formatNaira(shortKobo)} more.`,
  topUpFirst:
    "You don't have enough balance to complete this purchase. Please top up your wallet first.",
  successTitle: 'Purchase Successful! 🎉',
  bulkSuccessTitle: 'Bulk Purchase Successful! 🎉',
  successText: (count: number, group: string) =>
    `You've successfully purchased ${count} account(s) from ${group}`,
  idempotencyMismatch:
    'This purchase request was already used for a different purchase. Please try again.',
  idempotencyRequired: 'Missing Idempotency-Key header.',
  checkoutStateMissing: 'Choose a product to check out first.',
  loadOrdersFailed: 'Error: Failed to load order history',
  noCredentials: 'Error: No account credentials found for this order',
  userEmailMissing: 'Error: User email not found',
  emailSentTitle: 'Email Sent!',
  emailSent: (email: string) => `Credentials sent to ${email}`,
  emailFailed: 'Email Failed: Failed to send credentials email. Please try again or use download.',
  noOrdersTitle: 'No Orders Found',
  noOrders: "You haven't made any purchases yet.",
  noMatches: 'No orders match your current filters.',
  orderNotFound: 'Order not found',
  onlyCompleted: 'Only completed orders can be downloaded or e-mailed.',
} as const;

/** POST /api/orders (with an Idempotency-Key header). accountId buys that one account. */
export const purchaseSchema = z.object({
  productGroupId: z.uuid({ error: orderMessages.productNotFound }),
  quantity: z
    .number({ error: 'Quantity must be a whole number from 1' })
    .int('Quantity must be a whole number from 1')
    .min(1, 'Quantity must be a whole number from 1')
    .max(MAX_QUANTITY, `At most ${MAX_QUANTITY} accounts per purchase`),
  accountId: z.uuid({ error: orderMessages.accountUnavailable }).optional(),
  /** A promo code (any case): the purchase checks it and takes its discount off the volume price. */
  promoCode: promoCodeSchema.optional(),
});
export type PurchaseInput = z.infer<typeof purchaseSchema>;

export const orderAccountSchema = z.object({
  username: z.string(),
  email: z.string().nullable(),
  details: detailsSchema,
});
export type OrderAccount = z.infer<typeof orderAccountSchema>;
export const credentialsEmailStateSchema = z.object({
  status: z.enum(OUTBOX_STATUSES),
  to: z.string(),
  sentAt: timestampSchema.nullable(),
  error: z.string().nullable(),
});
export type CredentialsEmailState = z.infer<typeof credentialsEmailStateSchema>;

export const customerOrderSchema = z.object({
  id: z.string(),
  productGroupId: z.string(),
  productName: z.string(),
  category: z.string(),
  quantity: z.number().int(),
  /** What each account cost: the volume price at this quantity, else the list price. */
  pricePerUnitKobo: koboSchema,
  /** The list price × quantity, the promo code's discount, and what was paid (the ledger row's amount). */
  listAmountKobo: koboSchema,
  discountKobo: koboSchema,
  promoCode: z.string().nullable(),
  amountKobo: koboSchema,
  status: z.enum(ORDER_STATUSES),
  createdAt: timestampSchema,
  accounts: z.array(orderAccountSchema),
  /** The latest credentials e-mail of this order, if any. */
  email: credentialsEmailStateSchema.nullable(),
  /** Each account handed over for this order (replacements included) with its latest report. */
  items: z.array(orderItemSchema),
  /** Until when a problem can still be reported on some account of this order; null when none can. */
  warrantyEndsAt: timestampSchema.nullable(),
  /**
   * Why a product bought from our supplier is processing (collecting the accounts) or failed (the supplier said no;
   * refunded): supplierMessages. Absent on every other order.
   */
  notice: z.string().optional(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

/** GET /api/orders */
export const orderListSchema = z.object({ orders: z.array(customerOrderSchema) });
export type OrderList = z.infer<typeof orderListSchema>;

export const accountCredentialsSchema = z.object({
  accountNumber: z.number().int(),
  username: z.string(),
  password: z.string(),
  email: z.string().nullable(),
  emailPassword: z.string().nullable(),
  twoFaCode: z.string().nullable(),
  additionalInfo: detailsSchema,
});
export type AccountCredentials = z.infer<typeof accountCredentialsSchema>;
/** GET /api/orders/:id/credentials (owner only, completed orders only). */
export const orderCredentialsSchema = z.object({
  orderId: z.string(),
  productName: z.string(),
  category: z.string(),
  accounts: z.array(accountCredentialsSchema),
});
export type OrderCredentials = z.infer<typeof orderCredentialsSchema>;
/**
 * POST /api/orders → 201 (or 200 with the first result when the same Idempotency-Key is retried). Asked with
 * `?include=credentials` (the store's checkout), also the order's credentials: the order page then shows them
 * without another round trip (docs/decisions/036).
 */
export const purchaseResultSchema = z.object({
  order: customerOrderSchema,
  balanceKobo: koboSchema,
  credentials: orderCredentialsSchema.optional(),
});
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;
export const purchaseIncludeSchema = z.object({ include: z.enum(['credentials']).optional() });
/** POST /api/orders/:id/email */
export const emailCredentialsResultSchema = z.object({
  message: z.string(),
  email: credentialsEmailStateSchema,
});
export type EmailCredentialsResult = z.infer<typeof emailCredentialsResultSchema>;

export const activityItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['purchase', 'topup', 'admin', 'refund', 'referral']),
  description: z.string(),
  amountKobo: koboSchema,
  createdAt: timestampSchema,
});
export type ActivityItem = z.infer<typeof activityItemSchema>;
/** GET /api/me/activity: the dashboard's Recent Activity. */
export const activityListSchema = z.object({ items: z.array(activityItemSchema) });
export type ActivityList = z.infer<typeof activityListSchema>;

export function shortOrderId(id: string): string {
  return id.slice(0, ORDER_ID_SHOWN);
}
