// The accounts of an order once something happened after the sale: which were replaced or refunded, and
// where each report stands (under review, or rejected with the admin's reason).
import {
  reportReasonLabels,
  reportStatusLabels,
  type OrderItem,
} from '../../../../shared/reports.ts';
import { cn } from '../../../lib/cn.ts';

const itemLabels: Record<OrderItem['status'], string> = {
  sold: 'Active',
  replaced: 'Replaced',
  refunded: 'Refunded',
};

export function hasAfterSale(items: OrderItem[]): boolean {
  return items.some((i) => i.status !== 'sold' || i.report !== null);
}

export function OrderItems({ items }: { items: OrderItem[] }) {
  return (
    <ul aria-label="Accounts and reports" className="mt-3 space-y-2 text-sm">
      {items.map((item) => (
        <li key={item.accountId} className="rounded-lg border border-border p-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 break-all font-medium">@{item.username}</span>
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold',
                item.status === 'sold'
                  ? 'bg-muted text-foreground'
                  : 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
              )}
            >
              {itemLabels[item.status]}
            </span>
          </div>
          {item.report ? (
            <p className="mt-1 text-muted-foreground">
              Report ({reportReasonLabels[item.report.reason]}):{' '}
              <span className="font-medium text-foreground">
                {reportStatusLabels[item.report.status]}
              </span>
              {item.report.rejectReason ? (
                <span className="block break-words">Reason: {item.report.rejectReason}</span>
              ) : null}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
