// The admin console's four figures (users, stock accounts, sales, revenue) and how many product groups
// run low on stock: each module counts what it owns, in parallel.
import type { AdminStats } from '../../../shared/admin-stats.ts';
import type { Db } from '../../db/client.ts';
import { countUsers } from '../auth/read-users.ts';
import { countLowStockGroups } from '../catalogue/group-figures.ts';
import { readSalesTotals } from '../orders/order-figures.ts';
import { countStockAccounts } from '../stock/stock-figures.ts';

export async function readAdminStats(
  db: Db,
  lowStockThreshold: number,
): Promise<Omit<AdminStats, 'paymentMode'>> {
  const [totalUsers, totalAccounts, sales, lowStockProductGroups] = await Promise.all([
    countUsers(db),
    countStockAccounts(db),
    readSalesTotals(db),
    countLowStockGroups(db, lowStockThreshold),
  ]);
  return {
    totalUsers,
    totalAccounts,
    totalSales: sales.sales,
    totalRevenueKobo: sales.revenueKobo,
    lowStockProductGroups,
    lowStockThreshold,
  };
}
