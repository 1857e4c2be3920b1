// POST /api/wallet/topups: the server creates the payment record and the provider checkout; errors toast as SPEC §8.
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { walletMessages, type StartTopupResult } from '../../../../shared/wallet.ts';
import { api, ApiError } from '../../../lib/api.ts';

export const startTopup = (amountKobo: number) =>
  api<StartTopupResult>('/api/wallet/topups', { method: 'POST', body: { amountKobo } });

/** The server's words for refusals (400, 401, 502 with the provider's message); SPEC's fallback otherwise. */
export function topupErrorText(err: unknown): string {
  if (err instanceof ApiError && err.status === 401) return walletMessages.authRequired;
  if (
    err instanceof ApiError &&
    err.message &&
    (err.status < 500 || err.status === 502 || err.status === 0)
  )
    return err.message;
  return walletMessages.initFailed;
}

export function useStartTopup(onStarted: (result: StartTopupResult) => void) {
  return useMutation({
    mutationFn: startTopup,
    onSuccess: (result) => onStarted(result),
    onError: (err) => toast.error('Payment Failed', { description: topupErrorText(err) }),
  });
}
