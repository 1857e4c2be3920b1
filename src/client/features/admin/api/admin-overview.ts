// GET /api/admin/overview for a period; the CSV of the same figures is a plain link (export.csv).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Overview, OverviewPreset } from '../../../../shared/admin-overview.ts';
import { api } from '../../../lib/api.ts';

export type OverviewPeriodChoice = { period: OverviewPreset; from?: string; to?: string };

export const overviewQueryString = (p: OverviewPeriodChoice) =>
  new URLSearchParams(
    p.period === 'custom'
      ? { period: p.period, from: p.from ?? '', to: p.to ?? '' }
      : { period: p.period },
  ).toString();

export function useAdminOverview(p: OverviewPeriodChoice) {
  return useQuery({
    queryKey: ['admin', 'overview', p],
    queryFn: () => api<Overview>(`/api/admin/overview?${overviewQueryString(p)}`),
    placeholderData: keepPreviousData,
  });
}
