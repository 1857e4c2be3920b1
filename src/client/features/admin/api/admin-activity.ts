// The Activity view: GET /api/admin/activity with the filters as query parameters (the audit trail is read-only).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityPage, ActivityQuery } from '../../../../shared/audit.ts';
import { api } from '../../../lib/api.ts';

export function useAdminActivity(query: Partial<ActivityQuery>) {
  const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));
  return useQuery({
    queryKey: ['admin', 'activity', params.toString()],
    queryFn: () => api<ActivityPage>(`/api/admin/activity?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}
