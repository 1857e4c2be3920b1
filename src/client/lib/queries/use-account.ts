// GET /api/catalogue/accounts/:id: one account's public face and its group (the single-account page).
import { useQuery } from '@tanstack/react-query';
import type { AccountResponse } from '../../../shared/catalogue.ts';
import { api } from '../api.ts';
import { catalogueKeyRoot, liveQueryOptions } from './live-query.ts';

export const accountQueryKey = (id: string) => [...catalogueKeyRoot, 'account', id] as const;

export function fetchAccount(id: string): Promise<AccountResponse> {
  return api<AccountResponse>(`/api/catalogue/accounts/${encodeURIComponent(id)}`);
}

export function useAccount(id: string) {
  return useQuery({
    queryKey: accountQueryKey(id),
    queryFn: () => fetchAccount(id),
    ...liveQueryOptions,
  });
}
