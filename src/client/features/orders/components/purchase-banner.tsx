// The green banner after a purchase: what was bought and a reminder to download the credentials now.
import { CheckCircle2, X } from 'lucide-react';

export type PurchaseArrival = {
  isBulkPurchase: boolean;
  accountCount: number;
  productGroupName: string;
};

export function PurchaseBanner({
  arrival,
  onDismiss,
}: {
  arrival: PurchaseArrival;
  onDismiss: () => void;
}) {
  const accounts = arrival.accountCount === 1 ? '1 account' : `${arrival.accountCount} accounts`;
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-green-600/40 bg-green-50 p-4 text-green-900 dark:border-green-500/40 dark:bg-green-950/60 dark:text-green-100"
    >
      <CheckCircle2
        className="mt-0.5 h-5 w-5 shrink-0 text-green-600 dark:text-green-400"
        aria-hidden
      />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {arrival.isBulkPurchase ? 'Bulk purchase complete' : 'Purchase complete'}
        </p>
        <p className="mt-1 text-sm">
          You bought {accounts}
          {arrival.productGroupName ? ` from ${arrival.productGroupName}` : ''}. Download your
          credentials below and keep them somewhere safe; we have also e-mailed them to you.
        </p>
      </div>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={onDismiss}
        className="rounded-md p-1 hover:bg-green-600/10 focus-visible:outline-2 focus-visible:outline-green-600"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}
