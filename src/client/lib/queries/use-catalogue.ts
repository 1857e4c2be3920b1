// GET /api/catalogue: the visible categories and the active product groups of the products page.
import { useQuery } from '@tanstack/react-query';
import type { CatalogueResponse } from '../../../shared/catalogue.ts';
import { api } from '../api.ts';
import { catalogueKeyRoot, liveQueryOptions } from './live-query.ts';

export const catalogueQueryKey = [...catalogueKeyRoot, 'list'] as const;

export function fetchCatalogue(): Promise<CatalogueResponse> {
  return api<CatalogueResponse>('/api/catalogue');
}

export function useCatalogue() {
  return useQuery({ queryKey: catalogueQueryKey, queryFn: fetchCatalogue, ...liveQueryOptions });
}
