// The admin console's reminder that top-ups are not real money while the store runs in test payment mode.
import { FlaskConical } from 'lucide-react';
import { testPaymentsBanner } from '../../../../shared/payment-mode.ts';

export function TestPaymentsBanner() {
  return (
    <div
      role="status"
      aria-label={testPaymentsBanner.title}
      className="mb-6 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <FlaskConical className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <p className="text-sm">
        <strong className="font-semibold">{testPaymentsBanner.title}.</strong>{' '}
        {testPaymentsBanner.body}
      </p>
    </div>
  );
}
