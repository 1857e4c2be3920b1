// GET /api/orders: the customer's own orders, newest first; polls every 2 s while a credentials e-mail is on its way
// or an order is processing (its accounts are being collected from our supplier).
import { useQuery } from '@tanstack/react-query';
import type { CustomerOrder, OrderList } from '../../../shared/orders.ts';
import { api } from '../api.ts';

export const ordersQueryKey = ['orders'] as const;
export const EMAIL_POLL_MS = 2000;

export const fetchOrders = () => api<OrderList>('/api/orders');

export function isEmailInFlight(order: CustomerOrder): boolean {
  return order.email?.status === 'pending' || order.email?.status === 'sending';
}

export function useOrders() {
  return useQuery({
    queryKey: ordersQueryKey,
    queryFn: fetchOrders,
    refetchInterval: (query) =>
      query.state.data?.orders.some((o) => isEmailInFlight(o) || o.status === 'processing')
        ? EMAIL_POLL_MS
        : false,
  });
}
