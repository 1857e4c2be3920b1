// GET /api/catalogue/accounts/:id for checkout: the one account being bought, checked to be still for sale.
import { useQuery } from '@tanstack/react-query';
import type { AccountResponse } from '../../../../shared/catalogue.ts';
import { api } from '../../../lib/api.ts';

export function useCheckoutAccount(accountId: string | undefined) {
  return useQuery({
    // Not under ['catalogue']: refreshing stock after the purchase must not re-check the account just sold.
    queryKey: ['checkout', 'account', accountId ?? ''],
    queryFn: () =>
      api<AccountResponse>(`/api/catalogue/accounts/${encodeURIComponent(accountId ?? '')}`),
    enabled: accountId !== undefined,
    staleTime: 0,
    retry: false,
  });
}
