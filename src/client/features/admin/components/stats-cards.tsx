// The four numbers on top of the admin console: users, accounts, sales and revenue; and how many templates
// are low on stock, when any are.
import { Banknote, Package, ShoppingCart, Users } from 'lucide-react';
import { formatNaira } from '../../../../shared/money.ts';
import { Card } from '../../../components/ui/card.tsx';
import type { AdminStats } from '../../../../shared/admin-stats.ts';

export function StatsCards({ stats }: { stats: AdminStats }) {
  const cards = [
    { label: 'Total Users', value: String(stats.totalUsers), icon: Users },
    { label: 'Total Products', value: String(stats.totalAccounts), icon: Package },
    { label: 'Total Sales', value: String(stats.totalSales), icon: ShoppingCart },
    { label: 'Revenue', value: formatNaira(stats.totalRevenueKobo), icon: Banknote },
  ];
  return (
    <dl className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map(({ label, value, icon: Icon }) => (
        <Card key={label} className="flex items-center justify-between gap-2 p-4 sm:p-5">
          <div className="min-w-0">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="mt-1 truncate text-xl font-bold sm:text-2xl">{value}</dd>
          </div>
          <Icon className="hidden h-8 w-8 shrink-0 text-primary sm:block" aria-hidden />
        </Card>
      ))}
      {stats.lowStockProductGroups > 0 ? (
        <div className="col-span-2 flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 lg:col-span-4 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
          <dt className="shrink-0">Low stock:</dt>
          <dd className="font-semibold">
            {stats.lowStockProductGroups} template{stats.lowStockProductGroups === 1 ? '' : 's'}{' '}
            with {stats.lowStockThreshold} or fewer accounts left
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
