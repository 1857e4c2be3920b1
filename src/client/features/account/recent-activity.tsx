// The dashboard's Recent Activity: the latest five purchases, top-ups and adjustments with signed amounts.
import { Gift, ShieldCheck, ShoppingBag, Undo2, Wallet, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatNaira } from '../../../shared/money.ts';
import type { ActivityItem } from '../../../shared/orders.ts';
import { paths } from '../../../shared/paths.ts';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { useRecentActivity } from './use-recent-activity.ts';
import { formatDate } from '../../lib/format-date.ts';

const SHOWN = 5;
export const NO_ACTIVITY = 'No recent activity. Start by topping up your wallet!';

const icons: Record<ActivityItem['kind'], LucideIcon> = {
  purchase: ShoppingBag,
  topup: Wallet,
  admin: ShieldCheck,
  refund: Undo2,
  referral: Gift,
};
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** 'just now', '5 minutes ago', 'yesterday', … up to a week; then the date. */
export function whenText(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'just now';
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return relative.format(Math.round(seconds / 86_400), 'day');
  return formatDate(iso);
}

export function RecentActivity() {
  const { data, isPending, isError } = useRecentActivity();
  const items = data?.items.slice(0, SHOWN) ?? [];
  return (
    <Card className="mt-6 p-4 sm:p-6">
      <div className="flex items-center justify-between gap-4">
        <h2 className="text-lg font-semibold">Recent Activity</h2>
        {items.length > 0 ? (
          <Link to={paths.wallet} className="text-sm font-medium text-primary hover:underline">
            View all
          </Link>
        ) : null}
      </div>
      {isPending ? (
        <p role="status" className="mt-3 text-sm text-muted-foreground">
          Loading activity...
        </p>
      ) : isError || items.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{NO_ACTIVITY}</p>
      ) : (
        <ul aria-label="Recent activity" className="mt-3 divide-y divide-border">
          {items.map((item) => (
            <ActivityRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function ActivityRow({ item }: { item: ActivityItem }) {
  const Icon = icons[item.kind] ?? Wallet;
  const isCredit = item.amountKobo > 0;
  return (
    <li className="flex items-center gap-3 py-3">
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-muted">
        <Icon className="h-4 w-4 text-primary" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="break-words text-sm font-medium">{item.description}</p>
        <time
          dateTime={item.createdAt}
          className="text-xs text-muted-foreground"
          title={new Date(item.createdAt).toLocaleString()}
        >
          {whenText(item.createdAt)}
        </time>
      </div>
      <p
        className={cn(
          'shrink-0 font-semibold tabular-nums',
          isCredit ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400',
        )}
      >
        {isCredit ? '+' : '-'}
        {formatNaira(Math.abs(item.amountKobo))}
      </p>
    </li>
  );
}
