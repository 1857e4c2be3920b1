// The signed-in user (or null), from GET /api/me; every guard and the navbar read it.
import { useQuery } from '@tanstack/react-query';
import type { Me } from '../../../../shared/auth.ts';
import { api, ApiError } from '../../../lib/api.ts';

export const meQueryKey = ['me'] as const;

export async function fetchMe(): Promise<Me | null> {
  try {
    return await api<Me>('/api/me');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 30_000 });
}
