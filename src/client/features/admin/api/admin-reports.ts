// The admin Reports tab: GET /api/admin/reports?status= and POST /api/admin/reports/:id/resolve.
import { useQuery } from '@tanstack/react-query';
import type {
  AdminReportFilter,
  AdminReportList,
  ResolveReportInput,
  ResolveReportResult,
} from '../../../../shared/reports.ts';
import { api } from '../../../lib/api.ts';
import { useAdminMutation } from './admin-mutation.ts';

export function useAdminReports(filter: AdminReportFilter) {
  return useQuery({
    queryKey: ['admin', 'reports', filter],
    queryFn: () => api<AdminReportList>(`/api/admin/reports?status=${filter}`),
  });
}

export function useResolveReport(onDone?: () => void) {
  return useAdminMutation({
    mutationFn: ({ id, input }: { id: string; input: ResolveReportInput }) =>
      api<ResolveReportResult>(`/api/admin/reports/${encodeURIComponent(id)}/resolve`, {
        method: 'POST',
        body: input,
      }),
    fallbackError: 'Failed to resolve the report',
    onSuccess: () => onDone?.(),
  });
}
