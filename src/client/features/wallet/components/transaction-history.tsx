// The 'Transaction History' tab: every ledger row with its label, status, references and signed amount, and every
// top-up attempt not credited (pending, failed, expired) with its state; any of them can be checked again.
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { formatNaira } from '../../../../shared/money.ts';
import { paymentStatusLabels } from '../../../../shared/payments.ts';
import {
  isCredit,
  transactionLabel,
  walletMessages,
  type WalletTransaction,
} from '../../../../shared/wallet.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTransactions } from '../api/use-transactions.ts';
import { CheckAgainButton } from './check-again-button.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';

const statusLook = {
  completed: {
    icon: CheckCircle2,
    iconClass: 'text-green-600 dark:text-green-400',
    badge: 'bg-green-600/15 text-green-800 dark:text-green-300',
  },
  pending: {
    icon: Clock,
    iconClass: 'text-amber-600 dark:text-amber-400',
    badge: 'bg-amber-500/15 text-amber-900 dark:text-amber-200',
  },
  failed: {
    icon: XCircle,
    iconClass: 'text-red-600 dark:text-red-400',
    badge: 'bg-red-600/15 text-red-800 dark:text-red-300',
  },
  expired: {
    icon: XCircle,
    iconClass: 'text-muted-foreground',
    badge: 'bg-muted text-muted-foreground',
  },
} as const;

export function TransactionHistory() {
  const { data, isPending, isError, refetch } = useTransactions();
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold">Transaction History</h2>
      {isPending ? (
        <p role="status" className="py-8 text-center text-sm text-muted-foreground">
          Loading transactions...
        </p>
      ) : isError ? (
        <div role="alert" className="py-8 text-center">
          <p className="text-destructive">{walletMessages.historyFailed}</p>
          <Button className="mt-3" variant="outline" size="sm" onClick={() => refetch()}>
            Try Again
          </Button>
        </div>
      ) : data.transactions.length === 0 ? (
        <div className="py-8 text-center">
          <p className="font-medium">{walletMessages.noTransactions}</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Your top-ups and purchases will appear here.
          </p>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-border" aria-label="Transactions">
          {data.transactions.map((t) => (
            <TransactionRow key={t.id} transaction={t} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function TransactionRow({ transaction: t }: { transaction: WalletTransaction }) {
  const look = statusLook[t.status] ?? statusLook.pending;
  const Icon = look.icon;
  const credit = isCredit(t.type);
  // A top-up attempt that moved no money shows its amount unsigned and muted: nothing reached the wallet.
  const attempt = t.balanceAfterKobo === null;
  const amount = attempt
    ? formatNaira(t.amountKobo)
    : `${credit ? '+' : '-'}${formatNaira(Math.abs(t.amountKobo))}`;
  const statusText = t.type === 'topup' ? paymentStatusLabels[t.status] : t.status;
  return (
    <li className="flex gap-3 py-4">
      <Icon className={cn('mt-0.5 h-5 w-5 shrink-0', look.iconClass)} aria-hidden />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <p className="font-medium">{transactionLabel(t.type)}</p>
          <p
            className={cn(
              'font-semibold tabular-nums',
              attempt
                ? 'text-muted-foreground'
                : credit
                  ? 'text-green-700 dark:text-green-400'
                  : 'text-red-700 dark:text-red-400',
            )}
          >
            {amount}
          </p>
        </div>
        {t.description ? <p className="text-sm text-muted-foreground">{t.description}</p> : null}
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
          <span className={cn('rounded-full px-2 py-0.5 font-semibold capitalize', look.badge)}>
            {statusText}
          </span>
        </div>
        {t.message ? (
          <p className="mt-1 break-words text-xs text-muted-foreground">{t.message}</p>
        ) : null}
        <p className="mt-1 break-all text-xs text-muted-foreground">Ref: {t.reference}</p>
        {t.providerReference ? (
          <p className="break-all text-xs text-muted-foreground">
            Provider ref: {t.providerReference}
          </p>
        ) : null}
        {attempt && t.status !== 'completed' ? <CheckAgainButton reference={t.reference} /> : null}
      </div>
    </li>
  );
}
