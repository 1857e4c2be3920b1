// The signed-in user with the totals computed from the ledger (GET /api/me/profile).
import { useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../shared/auth.ts';
import { api } from '../../lib/api.ts';

export function useProfile() {
  return useQuery({
    queryKey: ['me', 'profile'],
    queryFn: () => api<Profile>('/api/me/profile'),
  });
}
