// POST /api/orders: buys from the wallet under an Idempotency-Key, then refreshes the balance, orders and stock. The
// answer carries what the order page shows (the order, its credentials): it is put in the cache, so that page renders
// without asking again (docs/decisions/036).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../../../shared/auth.ts';
import {
  orderMessages,
  type OrderList,
  type PurchaseInput,
  type PurchaseResult,
} from '../../../../shared/orders.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { meQueryKey } from '../../../lib/use-me.ts';
import { orderCredentialsKey } from '../../../lib/queries/use-order-credentials.ts';
import { ordersQueryKey } from '../../../lib/queries/use-orders.ts';

/**
 * Answers from the proxy, not the store: no store took the purchase, or the one that did stopped before answering
 * (a store killed behind Caddy, docs/deploy.md). Asked again under the same Idempotency-Key, a store answers the
 * order that was made, or makes it now: never twice. So the customer is not told "failed" for a purchase that
 * went through (failover.test.ts: 4 to 26 of 240 purchases when a store was killed mid-burst).
 */
const PROXY_FAILURES = new Set([0, 502, 503, 504]);
export const PURCHASE_RETRY_PAUSES_MS = [500, 1_000, 2_000];

export async function purchase(
  input: PurchaseInput,
  idempotencyKey: string,
  pauses = PURCHASE_RETRY_PAUSES_MS,
): Promise<PurchaseResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await api<PurchaseResult>('/api/orders?include=credentials', {
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
      });
    } catch (err) {
      const pause = pauses[attempt];
      if (!(err instanceof ApiError) || !PROXY_FAILURES.has(err.status) || pause === undefined)
        throw err;
      await new Promise((r) => setTimeout(r, pause));
    }
  }
}

/** A fresh key per checkout visit (randomUUID needs a secure context; plain-http LAN testing gets a random fallback). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

/** The words under 'Purchase Failed': the server's own message, else SPEC.md §8's fallbacks. */
export function purchaseErrorText(err: unknown): string {
  if (!(err instanceof ApiError)) return orderMessages.unexpected;
  if (err.status >= 500) return orderMessages.purchaseFailed;
  if (err.code === 'HTTP' || !err.message) return orderMessages.completeFailed;
  return err.message;
}

export function usePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: PurchaseInput; idempotencyKey: string }) =>
      purchase(input, idempotencyKey),
    onSuccess: ({ balanceKobo, order, credentials }) => {
      queryClient.setQueryData<Me | null>(meQueryKey, (me) =>
        me ? { ...me, walletBalanceKobo: balanceKobo } : me,
      );
      // The list the checkout fetched while the customer read, with this order on top (asked again below, behind
      // the page); without that list the order page asks for it, as any first visit does.
      queryClient.setQueryData<OrderList>(ordersQueryKey, (list) =>
        list ? { orders: [order, ...list.orders.filter((o) => o.id !== order.id)] } : list,
      );
      if (credentials) queryClient.setQueryData(orderCredentialsKey(order.id), credentials);
      // The balance above is the purchase's own: no second read of who is signed in.
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      void queryClient.invalidateQueries({ queryKey: ['catalogue'] });
    },
  });
}
