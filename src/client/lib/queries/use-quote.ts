// POST /api/orders/quote: what the purchase would charge now (volume price, promo code), from the purchase's own SQL.
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Quote } from '../../../shared/promotions.ts';
import { api } from '../api.ts';

type QuoteInput = { productGroupId: string; quantity: number; promoCode?: string };

const QUOTE_STALE_MS = 30_000;

const quoteQuery = (input: QuoteInput) => ({
  queryKey: ['checkout', 'quote', input.productGroupId, input.quantity, input.promoCode ?? ''],
  queryFn: () => api<Quote>('/api/orders/quote', { method: 'POST', body: input }),
  staleTime: QUOTE_STALE_MS,
  retry: false,
});

export function useQuote(input: QuoteInput, enabled: boolean) {
  return useQuery({ ...quoteQuery(input), enabled, placeholderData: keepPreviousData });
}

/**
 * Asked on the intent to buy (a finger on Buy Now, the pointer over it, the focus): the answer is on its way, or
 * here, when the checkout opens (docs/decisions/036). The same query as the checkout's, so it takes this one.
 */
export function prefetchQuote(queryClient: QueryClient, input: QuoteInput): void {
  void queryClient.prefetchQuery(quoteQuery(input)).catch(() => undefined);
}
