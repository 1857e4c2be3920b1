// The user details modal: profile, totals, the latest 5 transactions and the latest 5 orders (ids as 8 characters),
// referrals.
import { useEffect, type ReactNode } from 'react';
import { toast } from '../../../../lib/toast.ts';
import type { AdminUser } from '../../../../../shared/admin-users.ts';
import { formatNaira } from '../../../../../shared/money.ts';
import { isCredit, transactionLabel } from '../../../../../shared/wallet.ts';
import { cn } from '../../../../lib/cn.ts';
import { AdminDialog } from '../../../../components/ui/admin-dialog.tsx';
import { EmptyState } from '../data-table.tsx';
import { Badge } from '../status-badge.tsx';
import { useAdminUserDetails } from './admin-users-api.ts';
import { UserApiKeys } from './user-api-keys.tsx';
import { UserReferrals } from './user-referrals.tsx';
import { formatDateTime } from '../../../../lib/format-date.ts';

export function UserDetailsDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const details = useAdminUserDetails(user.id);
  const { error } = details;

  useEffect(() => {
    if (error) toast.error('Error loading user details', { description: error.message });
  }, [error]);

  const data = details.data;
  const facts: [string, string][] = data
    ? [
        ['Name', data.user.fullName],
        ['Role', data.user.role],
        ['Balance', formatNaira(data.user.walletBalanceKobo)],
        ['Joined', formatDateTime(data.user.createdAt)],
        ['Total top-ups', formatNaira(data.totals.totalTopupsKobo)],
        ['Total spent', formatNaira(data.totals.totalSpentKobo)],
        ['Transactions', String(data.totals.transactionCount)],
        ['Orders', String(data.totals.orderCount)],
      ]
    : [];

  return (
    <AdminDialog open onClose={onClose} title="User Details" description={user.email}>
      {details.isPending ? (
        <p role="status" className="py-6 text-center text-sm text-muted-foreground">
          Loading user details...
        </p>
      ) : !data ? (
        <p role="alert" className="py-6 text-center text-sm text-destructive">
          Error loading user details
        </p>
      ) : (
        <div className="space-y-6">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            {facts.map(([label, value]) => (
              <div key={label} className="rounded-lg bg-muted/60 p-3">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="mt-0.5 break-words font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
          <RecentList
            title="Recent Transactions"
            emptyText="No transactions yet"
            items={data.transactions}
            row={(t) => (
              <>
                <div className="min-w-0">
                  <p className="font-medium">{transactionLabel(t.type)}</p>
                  <p className="break-words text-xs text-muted-foreground">
                    {formatDateTime(t.createdAt)} · {t.status}
                    {t.description ? ` · ${t.description}` : ''}
                  </p>
                </div>
                <span
                  className={cn(
                    'shrink-0 font-semibold tabular-nums',
                    isCredit(t.type)
                      ? 'text-green-700 dark:text-green-400'
                      : 'text-red-700 dark:text-red-400',
                  )}
                >
                  {isCredit(t.type) ? '+' : '-'}
                  {formatNaira(Math.abs(t.amountKobo))}
                </span>
              </>
            )}
          />
          <RecentList
            title="Recent Orders"
            emptyText="No orders yet"
            items={data.orders}
            row={(o) => (
              <>
                <div className="min-w-0">
                  <p className="font-medium">
                    <span className="font-mono text-xs text-muted-foreground">
                      #{o.id.slice(0, 8)}
                    </span>{' '}
                    {o.productGroupName}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {o.categoryName} · {o.quantity} account{o.quantity === 1 ? '' : 's'} ·{' '}
                    {formatDateTime(o.createdAt)}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span className="font-semibold tabular-nums">{formatNaira(o.amountKobo)}</span>
                  <Badge tone={o.status === 'completed' ? 'green' : 'gray'}>{o.status}</Badge>
                </div>
              </>
            )}
          />
          {data.user.role === 'Customer' && <UserReferrals referrals={data.referrals} />}
          {data.user.role === 'Customer' && <UserApiKeys userId={user.id} />}
        </div>
      )}
    </AdminDialog>
  );
}

type RecentListProps<T extends { id: string }> = {
  title: string;
  emptyText: string;
  items: T[];
  row: (item: T) => ReactNode;
};

/** A titled list of the user's latest transactions or orders, or a line saying there are none. */
function RecentList<T extends { id: string }>({
  title,
  emptyText,
  items,
  row,
}: RecentListProps<T>) {
  return (
    <section>
      <h3 className="mb-2 font-semibold">{title}</h3>
      {items.length === 0 ? (
        <EmptyState>{emptyText}</EmptyState>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border text-sm">
          {items.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-3 p-3">
              {row(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
