// The frame of both payment-result pages: a status icon, a heading, the text, the payment's details and actions.
import { AlertTriangle, CheckCircle2, Clock, Loader2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatNaira } from '../../../../shared/money.ts';
import type { TopupCheck } from '../../../../shared/wallet.ts';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format-date.ts';

const tones = {
  loading: { icon: Loader2, className: 'bg-muted text-primary', spin: true },
  success: {
    icon: CheckCircle2,
    className: 'bg-green-600/15 text-green-700 dark:text-green-400',
    spin: false,
  },
  failed: { icon: XCircle, className: 'bg-red-600/15 text-red-700 dark:text-red-400', spin: false },
  error: {
    icon: AlertTriangle,
    className: 'bg-amber-500/15 text-amber-700 dark:text-amber-400',
    spin: false,
  },
  pending: {
    icon: Clock,
    className: 'bg-amber-500/15 text-amber-700 dark:text-amber-400',
    spin: false,
  },
} as const;

export type ResultTone = keyof typeof tones;

type Props = {
  tone: ResultTone;
  title: string;
  badge?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
};

export function ResultShell({ tone, title, badge, children, actions }: Props) {
  const { icon: Icon, className, spin } = tones[tone];
  return (
    <section className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <Card className="p-6 text-center sm:p-8" role={tone === 'loading' ? 'status' : undefined}>
        <span
          className={cn(
            'mx-auto flex h-16 w-16 items-center justify-center rounded-full',
            className,
          )}
        >
          <Icon className={cn('h-8 w-8', spin && 'animate-spin')} aria-hidden />
        </span>
        <h1 className="mt-4 text-2xl font-bold">{title}</h1>
        {badge ? <div className="mt-2">{badge}</div> : null}
        <div className="mt-3 space-y-4 text-muted-foreground">{children}</div>
        {actions ? (
          <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">{actions}</div>
        ) : null}
      </Card>
    </section>
  );
}

/** Amount, references and paid-at time of a checked payment. */
export function PaymentDetails({
  check,
  showBalance,
}: {
  check: TopupCheck;
  showBalance?: boolean;
}) {
  const rows: [string, string][] = [
    ['Amount', formatNaira(check.amountKobo)],
    ['Reference', check.reference],
  ];
  if (check.providerReference) rows.push(['Provider reference', check.providerReference]);
  if (check.paidAt) rows.push(['Paid at', formatDateTime(check.paidAt)]);
  if (showBalance) rows.push(['Wallet balance', formatNaira(check.balanceKobo)]);
  return (
    <dl className="divide-y divide-border rounded-lg border border-border text-left text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 px-4 py-2.5">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-all font-medium text-foreground">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const badgeTones = {
  completed: 'bg-green-600/15 text-green-800 dark:text-green-300',
  pending: 'bg-amber-500/15 text-amber-900 dark:text-amber-200',
  failed: 'bg-red-600/15 text-red-800 dark:text-red-300',
  expired: 'bg-red-600/15 text-red-800 dark:text-red-300',
} as const;

export function PaymentStatusBadge({ status }: { status: keyof typeof badgeTones }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-3 py-1 text-xs font-semibold capitalize',
        badgeTones[status],
      )}
    >
      {status}
    </span>
  );
}
