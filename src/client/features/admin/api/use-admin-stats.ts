// GET /api/admin/stats: the four numbers on top of the admin console.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { PaymentMode } from '../../../../shared/payment-mode.ts';

export type AdminStats = {
  totalUsers: number;
  totalProducts: number;
  totalSales: number;
  totalRevenueKobo: number;
  /** test: admins see the "Test payments" banner. */
  paymentMode: PaymentMode;
  /** Templates with 1–4 available accounts. */
  lowStockTemplates: number;
};

export function useAdminStats() {
  return useQuery({ queryKey: ['admin', 'stats'], queryFn: () => api<AdminStats>('/api/admin/stats') });
}
