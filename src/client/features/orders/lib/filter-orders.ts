// Order history's summary totals, its search and filters, and how an order is titled (SPEC.md §2 Order history).
import { ORDER_STATUSES, type CustomerOrder, type OrderStatus } from '../../../../shared/orders.ts';

export const STATUS_FILTERS = ['all', ...ORDER_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const CATEGORY_FILTERS = ['all', 'Instagram', 'TikTok', 'Twitter', 'Facebook'] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];
export const DEFAULT_CATEGORY = 'Social Media';

export type OrderFilters = { search: string; status: StatusFilter; category: CategoryFilter };

export type OrderSummary = {
  completed: number;
  failed: number;
  processing: number;
  totalSpentKobo: number;
};

export function summariseOrders(orders: CustomerOrder[]): OrderSummary {
  const count = (status: OrderStatus) => orders.filter((o) => o.status === status).length;
  // What the customer is out of pocket: a refund went back to the wallet.
  const totalSpentKobo = orders
    .filter((o) => o.status === 'completed')
    .reduce((sum, o) => sum + Math.abs(o.amountKobo) - refundedKobo(o), 0);
  return {
    completed: count('completed'),
    failed: count('failed'),
    processing: count('processing'),
    totalSpentKobo,
  };
}

/** Search matches product name, order id or any account's username; 'Facebook' also matches 'Facebook Aged'. */
export function filterOrders(
  orders: CustomerOrder[],
  { search, status, category }: OrderFilters,
): CustomerOrder[] {
  const term = search.trim().toLowerCase().replace(/^@/, '');
  return orders.filter((o) => {
    if (status !== 'all' && o.status !== status) return false;
    if (category !== 'all' && !categoryOf(o).toLowerCase().includes(category.toLowerCase()))
      return false;
    if (!term) return true;
    return (
      o.productName.toLowerCase().includes(term) ||
      o.id.toLowerCase().includes(term) ||
      o.accounts.some((a) => a.username.toLowerCase().includes(term))
    );
  });
}

export function categoryOf(order: CustomerOrder): string {
  return order.category.trim() || DEFAULT_CATEGORY;
}

/**
 * The accounts the order holds now: a replaced account gives way to its replacement and a refunded one is gone.
 * Orders from before reports existed list no items; their accounts are as sold.
 */
export function currentAccounts(
  order: CustomerOrder,
): { username: string; email: string | null }[] {
  if (!order.items.length) return order.accounts;
  return order.items.filter((i) => i.status === 'sold');
}

/** What went back to the wallet: each refunded account's unit price. */
export function refundedKobo(order: CustomerOrder): number {
  return order.items.filter((i) => i.status === 'refunded').length * order.pricePerUnitKobo;
}

/** 'N accounts' for a bulk order, '@username' for one account (the product name if the order holds none). */
export function orderTitle(order: CustomerOrder): string {
  if (order.quantity > 1) return `${order.quantity} accounts`;
  const username = (currentAccounts(order)[0] ?? order.accounts[0])?.username;
  return username ? `@${username.replace(/^@/, '')}` : order.productName;
}
