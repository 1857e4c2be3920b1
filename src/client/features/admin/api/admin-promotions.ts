// The Promotions tab: GET /api/admin/promo-codes (uses and revenue), create one, end one now.
import { useQuery } from '@tanstack/react-query';
import type { AdminPromoCodeList, PromoCodeInput } from '../../../../shared/promotions.ts';
import { api } from '../../../lib/api.ts';
import { useAdminMutation } from './admin-mutation.ts';

type OkMessage = { ok: true; message: string };

export const promoCodesQueryKey = ['admin', 'promo-codes'];

export function useAdminPromoCodes() {
  return useQuery({
    queryKey: promoCodesQueryKey,
    queryFn: () => api<AdminPromoCodeList>('/api/admin/promo-codes'),
  });
}

export function useCreatePromoCode(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (body: PromoCodeInput) =>
      api<OkMessage>('/api/admin/promo-codes', { method: 'POST', body }),
    fallbackError: 'Failed to create promo code',
    onSuccess,
  });
}

export function useEndPromoCode() {
  return useAdminMutation({
    mutationFn: (id: string) =>
      api<OkMessage>(`/api/admin/promo-codes/${encodeURIComponent(id)}/end`, { method: 'POST' }),
    fallbackError: 'Failed to end promo code',
  });
}
