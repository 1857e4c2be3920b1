// GET /api/wallet: the balance with total top-ups and total spent.
import { useQuery } from '@tanstack/react-query';
import type { WalletSummary } from '../../../shared/wallet.ts';
import { api } from '../api.ts';
import { walletSummaryKey } from '../topup/wallet-keys.ts';

export const fetchWalletSummary = () => api<WalletSummary>('/api/wallet');

export function useWalletSummary() {
  return useQuery({ queryKey: walletSummaryKey, queryFn: fetchWalletSummary });
}
