// The top-up dialog: quick amounts, the amount field, the payment summary, then the provider's checkout.
import { Loader2, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import {
  formatNaira,
  formatNairaShort,
  koboToNaira,
  nairaToKobo,
} from '../../../../shared/money.ts';
import {
  QUICK_AMOUNTS_NAIRA,
  TOPUP_MAX_NAIRA,
  TOPUP_MIN_NAIRA,
  topupAmountSchema,
  walletMessages,
  type StartTopupResult,
} from '../../../../shared/wallet.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useSiteInfo } from '../../../lib/use-site-info.ts';
import { useMe } from '../../../lib/use-me.ts';
import { useStartTopup } from '../api/start-topup.ts';
import { isHttpUrl, openCheckout } from '../lib/open-checkout.ts';
import { savePendingTopup } from '../../../lib/topup/pending-topup.ts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function TopupDialog({ open, onOpenChange }: Props) {
  const { data: me } = useMe();
  const [value, setValue] = useState('');
  const amount = value.trim() === '' ? Number.NaN : Number(value);
  const isEnough = Number.isFinite(amount) && amount >= TOPUP_MIN_NAIRA;

  const onStarted = (result: StartTopupResult) => {
    if (!isHttpUrl(result.checkoutUrl)) {
      toast.error(walletMessages.invalidPaymentUrl);
      return;
    }
    savePendingTopup({
      transactionReference: result.reference,
      amount: koboToNaira(result.amountKobo),
      timestamp: Date.now(),
    });
    openCheckout(result.checkoutUrl);
    setValue('');
    onOpenChange(false);
  };
  const start = useStartTopup(onStarted);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!me?.email) {
      toast.error(walletMessages.authRequired);
      return;
    }
    const parsed = topupAmountSchema.safeParse(amount);
    if (!parsed.success) {
      toast.error(
        parsed.error.issues[0]?.message ??
          `${walletMessages.invalidAmountTitle}: ${walletMessages.invalidAmount}`,
      );
      return;
    }
    // The form takes naira as typed; the API takes kobo (ADR 003).
    start.mutate(nairaToKobo(parsed.data));
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-card p-5 text-foreground shadow-xl sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-bold">Top Up Wallet</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted-foreground">
                Choose an amount, then pay securely in the payment window.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X className="h-5 w-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <form noValidate onSubmit={submit} className="mt-5 space-y-5">
            <fieldset>
              <legend className="mb-2 text-sm font-medium">Quick amounts</legend>
              <div className="grid grid-cols-3 gap-2">
                {QUICK_AMOUNTS_NAIRA.map((n) => (
                  <button
                    key={n}
                    type="button"
                    aria-pressed={amount === n}
                    onClick={() => setValue(String(n))}
                    className={cn(
                      'h-10 rounded-md border text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-primary',
                      amount === n
                        ? 'border-primary bg-primary text-primary-foreground'
                        : 'border-border hover:bg-muted',
                    )}
                  >
                    {formatNairaShort(nairaToKobo(n))}
                  </button>
                ))}
              </div>
            </fieldset>
            <Field
              label="Amount (₦)"
              type="number"
              inputMode="numeric"
              min={TOPUP_MIN_NAIRA}
              max={TOPUP_MAX_NAIRA}
              step={1}
              placeholder="Enter amount"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              hint={walletMessages.limits}
            />
            {isEnough ? <PaymentSummary amountKobo={nairaToKobo(amount)} /> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={!isEnough || start.isPending}>
                {start.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
                Proceed to Payment
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PaymentSummary({ amountKobo }: { amountKobo: number }) {
  const provider =
    useSiteInfo().data?.paymentProvider === 'sandbox'
      ? 'the sandbox provider (test payments)'
      : 'ErcasPay';
  const rows = [
    ['Top-up amount', formatNaira(amountKobo)],
    ['Processing fee', formatNaira(0)],
  ];
  return (
    <section
      aria-label="Payment summary"
      className="rounded-lg border border-border bg-muted/50 p-4 text-sm"
    >
      <h3 className="font-semibold">Payment Summary</h3>
      <dl className="mt-2 space-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-border pt-2 font-semibold">
          <dt>Total</dt>
          <dd>{formatNaira(amountKobo)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">
        Pay by card, bank transfer, USSD or QR code through {provider}.
      </p>
    </section>
  );
}
