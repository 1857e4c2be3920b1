// GET /api/admin/accounts (filtered, paged, no credentials) and GET /api/admin/accounts/:id (decrypted credentials).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AccountStatus,
  AdminAccountDetails,
  AdminAccountList,
} from '../../../../shared/admin-catalogue.ts';
import { needsStepUp } from '../../../lib/two-factor-api.ts';
import { api } from '../../../lib/api.ts';

export const ACCOUNTS_PAGE_SIZE = 50;

export type AccountFilters = {
  productGroupId: string;
  status: AccountStatus | '';
  search: string;
  page: number;
};

function listUrl({ productGroupId, status, search, page }: AccountFilters): string {
  const q = new URLSearchParams({
    limit: String(ACCOUNTS_PAGE_SIZE),
    offset: String(page * ACCOUNTS_PAGE_SIZE),
  });
  if (productGroupId) q.set('productGroupId', productGroupId);
  if (status) q.set('status', status);
  if (search.trim()) q.set('search', search.trim());
  return `/api/admin/accounts?${q}`;
}

export function useAdminAccounts(filters: AccountFilters) {
  return useQuery({
    queryKey: ['admin', 'accounts', filters],
    queryFn: () => api<AdminAccountList>(listUrl(filters)),
    placeholderData: keepPreviousData,
  });
}

/** Credentials are fetched only while the details modal is open, and never kept after it closes. */
export function useAdminAccountDetails(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'account', id],
    queryFn: () => api<AdminAccountDetails>(`/api/admin/accounts/${encodeURIComponent(id!)}`),
    enabled: id !== null,
    gcTime: 0,
    // STEP_UP_REQUIRED is answered by a code, not by asking again.
    retry: (count, err) => !needsStepUp(err) && count < 1,
  });
}
