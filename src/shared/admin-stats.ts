// The admin console's overview contract (GET /api/admin/stats): the four figures, payment mode and low stock.
import type { PaymentMode } from './payment-mode.ts';

export type AdminStats = {
  totalUsers: number;
  /** Stock accounts, any status. */
  totalProducts: number;
  /** Completed orders. */
  totalSales: number;
  totalRevenueKobo: number;
  /** test: admins see the "Test payments" banner. */
  paymentMode: PaymentMode;
  /** Active templates with 1–LOW_STOCK_MAX available accounts. */
  lowStockTemplates: number;
};
