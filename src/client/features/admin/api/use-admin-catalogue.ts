// GET /api/admin/catalogue: every category (inactive too) and every template (archived too).
import { useQuery } from '@tanstack/react-query';
import type { AdminCatalogue } from '../../../../shared/admin-catalogue.ts';
import { api } from '../../../lib/api.ts';

export function useAdminCatalogue() {
  return useQuery({
    queryKey: ['admin', 'catalogue'],
    queryFn: () => api<AdminCatalogue>('/api/admin/catalogue'),
  });
}
