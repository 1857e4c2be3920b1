// The account details modal: the account's decrypted credentials (fetched on open only), each with a copy button.
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import type { AdminAccountDetails } from '../../../../../shared/admin-catalogue.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { useAdminAccountDetails } from '../../api/use-admin-accounts.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { needsStepUp } from '../../../../lib/two-factor-api.ts';
import { StepUpForm } from '../../../../components/two-factor/step-up-form.tsx';
import { AdminDialog } from '../../../../components/ui/admin-dialog.tsx';
import { AccountStatusBadge } from '../status-badge.tsx';

export function AccountDetailsDialog({
  accountId,
  onClose,
}: {
  accountId: string | null;
  onClose: () => void;
}) {
  const details = useAdminAccountDetails(accountId);
  return (
    <AdminDialog
      open={accountId !== null}
      onClose={onClose}
      title="Account Details"
      description="Credentials are shown to admins only."
    >
      {details.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading account...
        </p>
      ) : needsStepUp(details.error) ? (
        // Revealing credentials asks for a fresh code; once it is right, they are fetched again.
        <StepUpForm onDone={() => void details.refetch()} />
      ) : details.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {details.error.message}
        </p>
      ) : (
        <DetailsList account={details.data} />
      )}
    </AdminDialog>
  );
}

function DetailsList({ account }: { account: AdminAccountDetails }) {
  const secrets = [
    { label: 'Username', value: account.username },
    { label: 'Email', value: account.email },
    { label: 'Password', value: account.password },
    { label: 'Email Password', value: account.emailPassword },
    { label: '2FA Code', value: account.twoFaCode },
  ];
  const details = Object.entries(account.details);
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
        <dt className="text-muted-foreground">Template</dt>
        <dd>
          {account.productGroupName}{' '}
          <span className="text-muted-foreground">({account.categoryName})</span>
        </dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <AccountStatusBadge status={account.status} />
        </dd>
        <dt className="text-muted-foreground">Created</dt>
        <dd>{formatDateTime(account.createdAt)}</dd>
        {account.soldAt ? (
          <>
            <dt className="text-muted-foreground">Sold</dt>
            <dd>
              {formatDateTime(account.soldAt)}
              {account.orderId ? (
                <span className="font-mono"> · order {account.orderId.slice(0, 8)}</span>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>
      <dl className="divide-y divide-border rounded-lg border border-border">
        {secrets.map((s) => (
          <div key={s.label} className="flex items-center gap-3 px-3 py-2">
            <div className="min-w-0 flex-1">
              <dt className="text-xs text-muted-foreground">{s.label}</dt>
              <dd className="break-all font-mono">{s.value || '—'}</dd>
            </div>
            {s.value ? <CopyButton label={s.label} value={s.value} /> : null}
          </div>
        ))}
      </dl>
      {details.length > 0 ? (
        <div>
          <h3 className="mb-1 text-xs font-medium text-muted-foreground">Public details</h3>
          <ul className="flex flex-wrap gap-2">
            {details.map(([key, value]) => (
              <li key={key} className="rounded-md bg-muted px-2 py-1 text-xs">
                {key}: {String(value)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function CopyButton({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(`${label} copied`);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      toast.error('Copying is not allowed here; select the text instead.');
    }
  };
  return (
    <Button
      size="icon"
      variant="ghost"
      className="h-8 w-8 shrink-0"
      aria-label={`Copy ${label}`}
      onClick={copy}
    >
      {copied ? (
        <Check className="h-4 w-4" aria-hidden />
      ) : (
        <Copy className="h-4 w-4" aria-hidden />
      )}
    </Button>
  );
}
