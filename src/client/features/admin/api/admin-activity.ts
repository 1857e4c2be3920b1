// The Activity view: GET /api/admin/activity with the filters as query parameters (the audit trail is read-only).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityPage, ActivityQuery } from '../../../../shared/audit.ts';
import { api } from '../../../lib/api.ts';
import { querySearch } from './admin-orders.ts';

export function useAdminActivity(query: Partial<ActivityQuery>) {
  const search = querySearch(query);
  return useQuery({
    queryKey: ['admin', 'activity', search],
    queryFn: () => api<ActivityPage>(`/api/admin/activity?${search}`),
    placeholderData: keepPreviousData,
  });
}
