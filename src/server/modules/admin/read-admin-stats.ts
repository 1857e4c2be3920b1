// The admin console's four figures (users, stock accounts, sales, revenue) and how many product groups
// run low on stock.
import { and, between, count, eq, sql } from 'drizzle-orm';
import { LOW_STOCK_MAX } from '../../../shared/admin-catalogue.ts';
import type { AdminStats } from '../../../shared/admin-stats.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.tables.ts';
import { productGroups } from '../catalogue/catalogue.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import { stockAccounts } from '../stock/stock.tables.ts';

export async function readAdminStats(db: Db): Promise<Omit<AdminStats, 'paymentMode'>> {
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
        and(eq(productGroups.isActive, true), between(productGroups.stockCount, 1, LOW_STOCK_MAX)),
      ),
  ]);
  return {
    totalUsers: u?.n ?? 0,
    totalProducts: p?.n ?? 0,
    totalSales: s?.n ?? 0,
    totalRevenueKobo: Number(s?.revenue ?? 0),
    lowStockTemplates: low?.n ?? 0,
  };
}
