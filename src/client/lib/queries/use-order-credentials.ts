// GET /api/orders/:id/credentials: one order's decrypted credentials, fetched only once the customer reveals them.
import { useQuery } from '@tanstack/react-query';
import type { OrderCredentials } from '../../../shared/orders.ts';
import { api } from '../api.ts';

export const orderCredentialsKey = (orderId: string) => ['order-credentials', orderId] as const;

export const fetchOrderCredentials = (orderId: string) =>
  api<OrderCredentials>(`/api/orders/${encodeURIComponent(orderId)}/credentials`);

export function useOrderCredentials(orderId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: orderCredentialsKey(orderId),
    queryFn: () => fetchOrderCredentials(orderId),
    enabled: isEnabled,
    // Sold credentials never change; keep them for the visit, but drop them soon after they are hidden.
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
}
