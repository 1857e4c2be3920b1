// One order in the history: title, status and category badges, id, amount, date, account details, actions,
// and after the sale: each account's report state and the warranty's "Report a problem".
import { CalendarClock, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { formatNaira } from '../../../../shared/money.ts';
import { shortOrderId, type CustomerOrder } from '../../../../shared/orders.ts';
import { cn } from '../../../lib/cn.ts';
import { categoryOf, currentAccounts, orderTitle, refundedKobo } from '../lib/filter-orders.ts';
import { formatDate, formatDateTime, formatTime } from '../../../lib/format-date.ts';
import { OrderActions } from './order-actions.tsx';
import { OrderCredentials } from './order-credentials.tsx';
import { hasAfterSale, OrderItems } from './order-items.tsx';
import { ReportProblem } from './report-problem-dialog.tsx';

const pill =
  'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize';

export function OrderCard({ order }: { order: CustomerOrder }) {
  const titleId = useId();
  const credentialsId = useId();
  const [isRevealed, setIsRevealed] = useState(false);
  const isCompleted = order.status === 'completed';
  const refunded = refundedKobo(order);
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-2">
          <h3 id={titleId} className="break-all text-lg font-semibold leading-snug">
            {orderTitle(order)}
          </h3>
          <div className="flex flex-wrap gap-1.5">
            <span
              className={cn(
                pill,
                isCompleted ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
              )}
            >
              {order.status}
            </span>
            <span className={cn(pill, 'border border-border')}>{categoryOf(order)}</span>
          </div>
          {order.notice ? (
            <p role="status" className="text-sm text-muted-foreground">
              {order.notice}
            </p>
          ) : null}
        </div>
        <div className="sm:text-right">
          <p className="text-xl font-bold tabular-nums">
            {formatNaira(Math.abs(order.amountKobo))}
          </p>
          {order.listAmountKobo > order.amountKobo ? (
            <p className="text-sm text-muted-foreground" data-testid="order-saving">
              <s>{formatNaira(order.listAmountKobo)}</s>
              {order.promoCode
                ? ` · code ${order.promoCode} −${formatNaira(order.discountKobo)}`
                : ''}
              {order.pricePerUnitKobo * order.quantity < order.listAmountKobo
                ? ` · ${formatNaira(order.pricePerUnitKobo)} each (volume price)`
                : ''}
            </p>
          ) : null}
          {refunded > 0 ? (
            <p className="text-sm font-semibold text-green-700 dark:text-green-400">
              Refunded {formatNaira(refunded)} to your wallet
            </p>
          ) : null}
          <p className="font-mono text-xs text-muted-foreground">
            Order ID: {shortOrderId(order.id)}
          </p>
        </div>
      </div>
      <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
        <CalendarClock className="h-4 w-4" aria-hidden />
        <time dateTime={order.createdAt}>
          {formatDate(order.createdAt)} at {formatTime(order.createdAt)}
        </time>
      </p>
      <AccountDetails order={order} />
      {hasAfterSale(order.items) ? <OrderItems items={order.items} /> : null}
      <div className="mt-4">
        <OrderActions
          order={order}
          isRevealed={isRevealed}
          onToggleReveal={() => setIsRevealed((v) => !v)}
          credentialsId={credentialsId}
        />
      </div>
      {order.warrantyEndsAt ? (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <ShieldCheck className="h-4 w-4" aria-hidden /> Warranty: report a problem until{' '}
            {formatDateTime(order.warrantyEndsAt)}
          </span>
          <ReportProblem order={order} />
        </div>
      ) : null}
      <div id={credentialsId} className={cn(isRevealed && 'mt-4')}>
        {isRevealed && isCompleted ? <OrderCredentials orderId={order.id} /> : null}
      </div>
    </article>
  );
}

function AccountDetails({ order }: { order: CustomerOrder }) {
  const current = currentAccounts(order);
  const first = current[0];
  const rows: [string, string][] =
    order.quantity > 1
      ? [
          ['Product', order.productName],
          ['Category', categoryOf(order)],
          [
            'Accounts',
            current.length === order.quantity
              ? String(order.quantity)
              : `${current.length} of ${order.quantity} (the rest refunded)`,
          ],
          ['Sample username', first ? `@${first.username}` : '—'],
        ]
      : [
          ['Product', order.productName],
          ['Username', first ? `@${first.username}` : '—'],
          ['Email', first?.email ?? '—'],
        ];
  return (
    <dl
      aria-label="Account details"
      className="mt-4 grid gap-x-6 gap-y-2 rounded-lg bg-muted/60 p-3 text-sm sm:grid-cols-2"
    >
      {rows.map(([label, value]) => (
        <div key={label} className="flex min-w-0 gap-2">
          <dt className="shrink-0 text-muted-foreground">{label}:</dt>
          <dd className="min-w-0 break-all font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
