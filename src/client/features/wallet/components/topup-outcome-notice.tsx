// The wallet window's notice of how the latest top-up ended (paid, declined, expired) or that it is still
// pending, shown as soon as the checkout popup or the wallet's poll learns it: no reload needed.
import { CheckCircle2, Clock, X, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { formatNaira } from '../../../../shared/money.ts';
import { walletMessages } from '../../../../shared/wallet.ts';
import { cn } from '../../../lib/cn.ts';
import { useRefreshWallet } from '../../../lib/topup/wallet-keys.ts';
import { usePendingTopup } from '../../../lib/topup/pending-topup.ts';
import { clearTopupOutcome, useTopupOutcome } from '../../../lib/topup/topup-outcome.ts';
import { CheckAgainButton } from './check-again-button.tsx';

const looks = {
  completed: {
    icon: CheckCircle2,
    box: 'border-green-300 bg-green-50 text-green-950 dark:border-green-800 dark:bg-green-950/40 dark:text-green-100',
  },
  pending: {
    icon: Clock,
    box: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100',
  },
  failed: {
    icon: XCircle,
    box: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100',
  },
  expired: {
    icon: XCircle,
    box: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100',
  },
} as const;

export function TopupOutcomeNotice() {
  const outcome = useTopupOutcome();
  const waiting = usePendingTopup();
  const refresh = useRefreshWallet();
  // Another window (the checkout popup) saw the credit: show the new balance and history here too.
  const credited = outcome?.status === 'completed' ? outcome.reference : null;
  useEffect(() => {
    if (credited) void refresh();
  }, [credited, refresh]);
  if (!outcome) return null;
  // Still pending and still awaited: the waiting note of the Top Up tab says so, with its Check now.
  if (outcome.status === 'pending' && waiting?.transactionReference === outcome.reference)
    return null;
  const { icon: Icon, box } = looks[outcome.status];
  const amount = formatNaira(outcome.amountKobo);
  const [title, text] =
    outcome.status === 'completed'
      ? ['Payment Successful!', `${amount} has been added to your wallet.`]
      : outcome.status === 'pending'
        ? [
            'Payment still pending',
            `Your payment of ${amount} is not confirmed yet. Your wallet is credited automatically once it is.`,
          ]
        : [
            outcome.status === 'expired' ? 'Payment expired' : 'Payment declined',
            outcome.message ?? walletMessages.paymentFailed.replace(/^Payment Failed: /, ''),
          ];
  return (
    <div
      role={outcome.status === 'failed' || outcome.status === 'expired' ? 'alert' : 'status'}
      className={cn('mt-6 flex items-start gap-3 rounded-lg border p-4 text-sm', box)}
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        <p className="break-words">{text}</p>
        <p className="mt-1 break-all text-xs opacity-80">Ref: {outcome.reference}</p>
        {outcome.status === 'failed' || outcome.status === 'expired' ? (
          <>
            <p className="mt-2 break-words">{walletMessages.paidButFailed}</p>
            <CheckAgainButton reference={outcome.reference} />
          </>
        ) : null}
      </div>
      <button
        type="button"
        onClick={clearTopupOutcome}
        className="rounded p-1 hover:bg-black/5 dark:hover:bg-white/10"
        aria-label="Dismiss"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}
