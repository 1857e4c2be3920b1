// GET /api/admin/stats: the four numbers on top of the admin console.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { AdminStats } from '../../../../shared/admin-stats.ts';

export function useAdminStats() {
  return useQuery({
    queryKey: ['admin', 'stats'],
    queryFn: () => api<AdminStats>('/api/admin/stats'),
  });
}
