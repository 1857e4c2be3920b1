// The admin Reports tab: GET /api/admin/reports?status= and POST /api/admin/reports/:id/resolve.
import { useQuery } from '@tanstack/react-query';
import type {
  AdminReportFilter,
  AdminReportList,
  ResolveReportInput,
  ResolveReportResult,
} from '../../../../shared/reports.ts';
import { api } from '../../../lib/api.ts';
import { needsStepUp } from '../../../lib/two-factor-api.ts';
import { useAdminMutation } from './admin-mutation.ts';

export function useAdminReports(filter: AdminReportFilter) {
  return useQuery({
    queryKey: ['admin', 'reports', filter],
    queryFn: () => api<AdminReportList>(`/api/admin/reports?status=${filter}`),
    // The reports show credentials: STEP_UP_REQUIRED is answered by a code, not by asking again.
    retry: (count, err) => !needsStepUp(err) && count < 1,
    gcTime: 0,
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
