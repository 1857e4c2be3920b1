// The purchase and order-history contract: the request, the exact SPEC.md messages, what the API returns.
import { z } from 'zod';
import type { OutboxStatus } from './mail.ts';
import { formatNaira } from './money.ts';
import type { OrderItem } from './reports.ts';

export const MAX_QUANTITY = 100;
export const ORDER_ID_SHOWN = 8;
export const PURCHASE_TOAST_MS = 10_000;
export const ORDER_STATUSES = ['completed', 'processing', 'failed', 'pending'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderMessages = {
  productNotFound: 'Product not found',
  onlyAvailable: (available: number, requested: number) =>
    `Only ${available} accounts available, but ${requested} requested`,
  insufficientBalance: 'Insufficient wallet balance',
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
  arrivedToast: 'Purchase Successful!',
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
});
export type PurchaseInput = z.infer<typeof purchaseSchema>;

export type OrderAccount = {
  username: string;
  email: string | null;
  details: Record<string, string | number | boolean>;
};
export type CredentialsEmailState = {
  status: OutboxStatus;
  to: string;
  sentAt: string | null;
  error: string | null;
};

export type CustomerOrder = {
  id: string;
  productGroupId: string;
  productName: string;
  category: string;
  quantity: number;
  pricePerUnitKobo: number;
  amountKobo: number;
  status: OrderStatus;
  createdAt: string;
  accounts: OrderAccount[];
  /** The latest credentials e-mail of this order, if any. */
  email: CredentialsEmailState | null;
  /** Each account handed over for this order (replacements included) with its latest report. */
  items: OrderItem[];
  /** Until when a problem can still be reported on some account of this order; null when none can. */
  warrantyEndsAt: string | null;
};

/** POST /api/orders → 201 (or 200 with the first result when the same Idempotency-Key is retried). */
export type PurchaseResult = { order: CustomerOrder; balanceKobo: number };
/** GET /api/orders */
export type OrderList = { orders: CustomerOrder[] };

export type AccountCredentials = {
  accountNumber: number;
  username: string;
  password: string;
  email: string | null;
  emailPassword: string | null;
  twoFaCode: string | null;
  additionalInfo: Record<string, string | number | boolean>;
};
/** GET /api/orders/:id/credentials (owner only, completed orders only). */
export type OrderCredentials = {
  orderId: string;
  productName: string;
  category: string;
  accounts: AccountCredentials[];
};
/** POST /api/orders/:id/email */
export type EmailCredentialsResult = { message: string; email: CredentialsEmailState };

export type ActivityItem = {
  id: string;
  kind: 'purchase' | 'topup' | 'admin' | 'refund';
  description: string;
  amountKobo: number;
  createdAt: string;
};
/** GET /api/me/activity: the dashboard's Recent Activity. */
export type ActivityList = { items: ActivityItem[] };

export function shortOrderId(id: string): string {
  return id.slice(0, ORDER_ID_SHOWN);
}

/** The purchase ledger reference of SPEC.md §7: 'ORD-' plus the first 8 characters of the order id, uppercased. */
export function orderReference(orderId: string): string {
  return `ORD-${orderId.slice(0, ORDER_ID_SHOWN).toUpperCase()}`;
}
