// GET /api/catalogue/categories/:id: one category, its active groups and a few available accounts each.
import { useQuery } from '@tanstack/react-query';
import type { CategoryResponse } from '../../../../shared/catalogue.ts';
import { api } from '../../../lib/api.ts';
import { catalogueKeyRoot, liveQueryOptions } from '../../../lib/queries/live-query.ts';

export const categoryQueryKey = (id: string) => [...catalogueKeyRoot, 'category', id] as const;

export function fetchCategory(id: string): Promise<CategoryResponse> {
  return api<CategoryResponse>(`/api/catalogue/categories/${encodeURIComponent(id)}`);
}

export function useCategory(id: string) {
  return useQuery({
    queryKey: categoryQueryKey(id),
    queryFn: () => fetchCategory(id),
    ...liveQueryOptions,
  });
}
