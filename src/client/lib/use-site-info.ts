// The shop's public contact channels (GET /api/site): every page that shows a channel reads it from here.
import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '../../shared/site.ts';
import { api } from './api.ts';

export const siteInfoQueryKey = ['site'] as const;

export function useSiteInfo() {
  return useQuery({
    queryKey: siteInfoQueryKey,
    queryFn: () => api<SiteInfo>('/api/site'),
    staleTime: 5 * 60_000,
  });
}

/** A wa.me chat link for a number written any way (+234 800 000 0000, 0800…). */
export function whatsappUrl(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}
