// The 'Top Up Wallet' tab: how paying works, a waiting top-up if there is one, and the button that opens the dialog.
import { Clock, CreditCard, Landmark, Plus, QrCode, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { formatNaira, nairaToKobo } from '../../../../shared/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { usePendingTopup } from '../../../lib/topup/pending-topup.ts';
import { useTopupOutcome } from '../../../lib/topup/topup-outcome.ts';
import { TopupDialog } from './topup-dialog.tsx';

const methods = [
  { icon: CreditCard, label: 'Card' },
  { icon: Landmark, label: 'Bank transfer' },
  { icon: Smartphone, label: 'USSD' },
  { icon: QrCode, label: 'QR code' },
];

export function TopupTab({ onCheckNow }: { onCheckNow: () => void }) {
  const [open, setOpen] = useState(false);
  const pending = usePendingTopup();
  const outcome = useTopupOutcome();
  // The checkout popup came back saying pending: the customer has paid or left, and ErcasPay has not confirmed yet.
  const stillPending =
    pending && outcome?.status === 'pending' && outcome.reference === pending.transactionReference;
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">Add funds to your wallet</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Top up in naira, then buy accounts instantly from your balance. Minimum ₦100, maximum
            ₦1,000,000.
          </p>
        </div>
        <Button onClick={() => setOpen(true)} className="w-full sm:w-auto">
          <Plus className="h-4 w-4" aria-hidden /> Top Up
        </Button>
      </div>
      <ul className="mt-5 flex flex-wrap gap-2" aria-label="Payment methods">
        {methods.map(({ icon: Icon, label }) => (
          <li
            key={label}
            className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 text-xs font-medium"
          >
            <Icon className="h-3.5 w-3.5" aria-hidden /> {label}
          </li>
        ))}
      </ul>
      {pending ? (
        <div
          role="status"
          className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <p className="flex min-w-0 items-start gap-2">
            <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">
              {stillPending
                ? 'Payment still pending: ErcasPay has not confirmed your payment'
                : 'Waiting for your payment'}{' '}
              of {formatNaira(nairaToKobo(pending.amount))}. Your wallet is credited automatically
              once it is confirmed.
            </span>
          </p>
          <Button size="sm" variant="outline" onClick={onCheckNow}>
            Check now
          </Button>
        </div>
      ) : null}
      <TopupDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}
