// GET /api/referrals: the customer's referral link, referrals and earnings (under ['me'], so a top-up or a
// balance refresh also refreshes the earnings).
import { useQuery } from '@tanstack/react-query';
import type { MyReferrals } from '../../../../shared/referrals.ts';
import { api } from '../../../lib/api.ts';
import { meQueryKey } from '../../../lib/use-me.ts';

export const myReferralsKey = [...meQueryKey, 'referrals'] as const;

export function useMyReferrals() {
  return useQuery({ queryKey: myReferralsKey, queryFn: () => api<MyReferrals>('/api/referrals') });
}
