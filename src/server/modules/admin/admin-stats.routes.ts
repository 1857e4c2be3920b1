// GET /api/admin/stats: the admin console's four figures (users, stock accounts, sales, revenue), and whether
// payments are live or test (the console shows a banner in test mode), and how many templates run low on stock.
import { and, between, count, eq, sql } from 'drizzle-orm';
import { LOW_STOCK_MAX } from '../../../shared/admin-catalogue.ts';
import { productGroups } from '../catalogue/catalogue.tables.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AdminStats } from '../../../shared/admin-stats.ts';
import type { PaymentMode } from '../../../shared/payment-mode.ts';
import { users } from '../auth/auth.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import { stockAccounts } from '../stock/stock.tables.ts';

export function adminStatsRoutes(
  app: FastifyInstance,
  { db, paymentMode }: { db: Db; paymentMode: PaymentMode },
): void {
  app.get('/api/admin/stats', { config: { access: 'admin' } }, async (): Promise<AdminStats> => {
    const [[u], [p], [s], [low]] = await Promise.all([
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(stockAccounts),
      db
        .select({
          n: count(),
          revenue: sql<number>`coalesce(sum(${orders.amountKobo}), 0)::bigint`,
        })
        .from(orders)
        .where(eq(orders.status, 'completed')),
      db
        .select({ n: count() })
        .from(productGroups)
        .where(
          and(
            eq(productGroups.isActive, true),
            between(productGroups.stockCount, 1, LOW_STOCK_MAX),
          ),
        ),
    ]);
    return {
      totalUsers: u?.n ?? 0,
      totalProducts: p?.n ?? 0,
      totalSales: s?.n ?? 0,
      totalRevenueKobo: Number(s?.revenue ?? 0),
      paymentMode,
      lowStockTemplates: low?.n ?? 0,
    };
  });
}
