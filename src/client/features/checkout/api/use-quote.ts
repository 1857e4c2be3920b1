// POST /api/orders/quote: what the purchase would charge now (volume price, promo code), from the purchase's own SQL.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Quote } from '../../../../shared/promotions.ts';
import { api } from '../../../lib/api.ts';

export function useQuote(
  input: { productGroupId: string; quantity: number; promoCode?: string },
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['checkout', 'quote', input.productGroupId, input.quantity, input.promoCode ?? ''],
    queryFn: () => api<Quote>('/api/orders/quote', { method: 'POST', body: input }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}
