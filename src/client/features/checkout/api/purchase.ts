// POST /api/orders: buys from the wallet under an Idempotency-Key, then refreshes the balance, orders and stock.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../../../shared/auth.ts';
import {
  orderMessages,
  type PurchaseInput,
  type PurchaseResult,
} from '../../../../shared/orders.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { meQueryKey } from '../../auth/api/use-me.ts';
import { ordersQueryKey } from '../../orders/api/use-orders.ts';

export const purchase = (input: PurchaseInput, idempotencyKey: string) =>
  api<PurchaseResult>('/api/orders', {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

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
    onSuccess: ({ balanceKobo }) => {
      queryClient.setQueryData<Me | null>(meQueryKey, (me) =>
        me ? { ...me, walletBalanceKobo: balanceKobo } : me,
      );
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      void queryClient.invalidateQueries({ queryKey: ['catalogue'] });
    },
  });
}
