// The signed-in user (or null), from GET /api/session (a visitor is an answer, not a 401 in the console); every guard
// and the navbar read it. A page the server rendered starts with its answer already in the cache (seed-page-data.ts).
import { useQuery } from '@tanstack/react-query';
import type { Me } from '../../shared/auth.ts';
import { api } from './api.ts';

export const meQueryKey = ['me'] as const;

export async function fetchMe(): Promise<Me | null> {
  return (await api<{ me: Me | null }>('/api/session')).me;
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 30_000 });
}
