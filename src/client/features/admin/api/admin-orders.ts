// The Orders tab: GET /api/admin/orders with filters as query parameters, and the export link for the same set.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminOrderList, AdminOrdersQuery } from '../../../../shared/admin-orders.ts';
import { api } from '../../../lib/api.ts';

/** Filters as a query string, leaving out the empty ones. */
export function querySearch(query: Record<string, string | number | undefined>): string {
  return new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();
}

/** Filters as the form holds them ('' = any); the server validates them (adminOrdersQuerySchema). */
export function useAdminOrders(query: { [K in keyof AdminOrdersQuery]?: string | number }) {
  const search = querySearch(query);
  return useQuery({
    queryKey: ['admin', 'orders', search],
    queryFn: () => api<AdminOrderList>(`/api/admin/orders?${search}`),
    placeholderData: keepPreviousData,
  });
}
