// GET /api/admin/stats: the admin console's four figures (users, stock accounts, sales, revenue), and whether
// payments are live or test (the console shows a banner in test mode), and how many templates run low on stock.
import type { FastifyInstance } from 'fastify';
import { adminStatsSchema, type AdminStats } from '../../../shared/admin-stats.ts';
import type { PaymentMode } from '../../../shared/payment-mode.ts';
import type { Db } from '../../db/client.ts';
import { readAdminStats } from './read-admin-stats.ts';
import { answers } from '../../http/response-schemas.ts';

export function adminStatsRoutes(
  app: FastifyInstance,
  {
    db,
    paymentMode,
    lowStockThreshold,
  }: { db: Db; paymentMode: PaymentMode; lowStockThreshold: () => number },
): void {
  app.get(
    '/api/admin/stats',
    { config: { access: 'admin' }, ...answers({ 200: adminStatsSchema }) },
    async (): Promise<AdminStats> => ({
      ...(await readAdminStats(db, lowStockThreshold())),
      paymentMode,
    }),
  );
}
