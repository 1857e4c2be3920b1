// GET /api/wallet/transactions: the ledger, newest first; reloads whenever a 'transaction-added' event fires.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TRANSACTION_ADDED_EVENT, type TransactionList } from '../../../../shared/wallet.ts';
import { api } from '../../../lib/api.ts';
import { walletTransactionsKey } from '../../../lib/topup/wallet-keys.ts';

export const fetchTransactions = () => api<TransactionList>('/api/wallet/transactions');

export function useTransactions() {
  const query = useQuery({ queryKey: walletTransactionsKey, queryFn: fetchTransactions });
  const { refetch } = query;
  useEffect(() => {
    const reload = () => void refetch();
    window.addEventListener(TRANSACTION_ADDED_EVENT, reload);
    return () => window.removeEventListener(TRANSACTION_ADDED_EVENT, reload);
  }, [refetch]);
  return query;
}
