// The line on an order card saying where its credentials e-mail stands: on its way, delivered, or failed with Retry.
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import type { CredentialsEmailState } from '../../../../shared/orders.ts';
import { formatDateTime } from '../../../lib/format-date.ts';

type Props = { email: CredentialsEmailState | null; isSending: boolean; onRetry: () => void };

export function EmailStatus({ email, isSending, onRetry }: Props) {
  if (!email) return null;
  if (email.status === 'sent') {
    return (
      <p className="flex items-center gap-1.5 text-xs text-green-700 dark:text-green-400">
        <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
        <span>
          Emailed to {email.to}
          {email.sentAt ? ` at ${formatDateTime(email.sentAt)}` : ''}
        </span>
      </p>
    );
  }
  if (email.status === 'failed') {
    return (
      <p className="flex flex-wrap items-center gap-1.5 text-xs text-red-700 dark:text-red-400">
        <XCircle className="h-4 w-4 shrink-0" aria-hidden />
        <span>E-mail failed</span>
        <span aria-hidden>—</span>
        <button
          type="button"
          className="font-medium underline underline-offset-2 disabled:opacity-50"
          disabled={isSending}
          onClick={onRetry}
        >
          Retry
        </button>
      </p>
    );
  }
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" role="status">
      <Clock className="h-4 w-4 shrink-0" aria-hidden />
      <span>Sending credentials to {email.to}...</span>
    </p>
  );
}
