// Order history's four totals: completed, failed and processing counts, and the amount spent on completed orders.
import { CheckCircle2, Loader, Wallet, XCircle, type LucideIcon } from 'lucide-react';
import { formatNaira } from '../../../../shared/money.ts';
import type { OrderSummary } from '../lib/filter-orders.ts';

export function OrderSummaryCards({ summary }: { summary: OrderSummary }) {
  const cards: { label: string; value: string; icon: LucideIcon; tone: string }[] = [
    {
      label: 'Completed',
      value: String(summary.completed),
      icon: CheckCircle2,
      tone: 'text-green-700 dark:text-green-400',
    },
    {
      label: 'Failed',
      value: String(summary.failed),
      icon: XCircle,
      tone: 'text-red-700 dark:text-red-400',
    },
    {
      label: 'Processing',
      value: String(summary.processing),
      icon: Loader,
      tone: 'text-amber-700 dark:text-amber-300',
    },
    {
      label: 'Total Spent',
      value: formatNaira(summary.totalSpentKobo),
      icon: Wallet,
      tone: 'text-primary',
    },
  ];
  return (
    <ul aria-label="Order summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ label, value, icon: Icon, tone }) => (
        <li key={label} className="rounded-xl border border-border bg-card p-4 shadow-sm">
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Icon className={`h-4 w-4 ${tone}`} aria-hidden /> {label}
          </p>
          <p
            className="mt-1 break-all text-xl font-bold tabular-nums sm:text-2xl"
            data-testid={`summary-${label.toLowerCase().replace(' ', '-')}`}
          >
            {value}
          </p>
        </li>
      ))}
    </ul>
  );
}
