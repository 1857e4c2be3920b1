// The admin console's overview contract (GET /api/admin/stats): the four figures, payment mode and low stock.
import { z } from 'zod';
import { koboSchema } from './answer-parts.ts';
import { PAYMENT_MODES } from './payment-mode.ts';

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  /** Stock accounts, any status. */
  totalAccounts: z.number().int(),
  /** Completed orders. */
  totalSales: z.number().int(),
  totalRevenueKobo: koboSchema,
  /** test: admins see the "Test payments" banner. */
  paymentMode: z.enum(PAYMENT_MODES),
  /** Active product groups with 1 to lowStockThreshold available accounts. */
  lowStockProductGroups: z.number().int(),
  /** The low-stock threshold (Settings). */
  lowStockThreshold: z.number().int(),
});
/** GET /api/admin/stats */
export type AdminStats = z.infer<typeof adminStatsSchema>;
