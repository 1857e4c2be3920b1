// Query keys of the wallet and the one refresh every credit triggers (balance in the navbar, summary, history).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { TRANSACTION_ADDED_EVENT } from '../../../shared/wallet.ts';
import { meQueryKey } from '../use-me.ts';

export const walletKey = ['wallet'] as const;
export const walletSummaryKey = ['wallet', 'summary'] as const;
export const walletTransactionsKey = ['wallet', 'transactions'] as const;

/** Refetches ['me'] (navbar balance, profile) and the wallet, and tells open history lists a row was added. */
export function useRefreshWallet(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    window.dispatchEvent(new Event(TRANSACTION_ADDED_EVENT));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
      queryClient.invalidateQueries({ queryKey: walletKey }),
    ]);
  }, [queryClient]);
}
