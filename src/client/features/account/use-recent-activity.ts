// GET /api/me/activity: the dashboard's latest purchases, top-ups and admin adjustments (refreshed with ['me']).
import { useQuery } from '@tanstack/react-query';
import type { ActivityList } from '../../../shared/orders.ts';
import { api } from '../../lib/api.ts';
import { meQueryKey } from '../../lib/use-me.ts';

/** Under ['me'] so every balance refresh (top-up, purchase) also refreshes the activity list. */
export const recentActivityKey = [...meQueryKey, 'activity'] as const;

export function useRecentActivity() {
  return useQuery({
    queryKey: recentActivityKey,
    queryFn: () => api<ActivityList>('/api/me/activity'),
  });
}
