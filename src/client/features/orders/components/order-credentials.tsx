// The revealed credentials of one completed order: every account's values, each with its own copy button.
import { Copy } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import { orderMessages, type AccountCredentials } from '../../../../shared/orders.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useOrderCredentials } from '../../../lib/queries/use-order-credentials.ts';

export function OrderCredentials({ orderId }: { orderId: string }) {
  const { data, isPending, isError, error } = useOrderCredentials(orderId, true);
  if (isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading credentials...
      </p>
    );
  }
  if (isError || data.accounts.length === 0) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {isError && error.message ? error.message : orderMessages.noCredentials}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {data.accounts.map((account) => (
        <AccountBlock key={account.accountNumber} account={account} />
      ))}
      <p className="text-xs text-muted-foreground">
        Keep these credentials private. Change the passwords after you first sign in.
      </p>
    </div>
  );
}

function AccountBlock({ account }: { account: AccountCredentials }) {
  const rows: [string, string][] = [
    ['Username', account.username],
    ['Password', account.password],
    ...(account.email ? [['Email', account.email] as [string, string]] : []),
    ...(account.emailPassword
      ? [['Email Password', account.emailPassword] as [string, string]]
      : []),
    ...(account.twoFaCode ? [['2FA Code', account.twoFaCode] as [string, string]] : []),
    ...Object.entries(account.additionalInfo).map(
      ([key, value]) => [key, String(value)] as [string, string],
    ),
  ];
  const heading = `Account ${account.accountNumber}`;
  return (
    <section aria-label={heading} className="rounded-lg border border-border bg-muted/50 p-3">
      <h4 className="text-sm font-semibold">{heading}</h4>
      <dl className="mt-2 divide-y divide-border/60">
        {rows.map(([label, value]) => (
          <div key={label} className="py-1.5 text-sm sm:flex sm:items-center sm:gap-3">
            <dt className="text-xs capitalize text-muted-foreground sm:w-32 sm:shrink-0 sm:text-sm">
              {label}
            </dt>
            <dd className="flex min-w-0 items-center gap-1">
              <span className="min-w-0 break-all font-mono">{value}</span>
              <Button
                variant="ghost"
                size="icon"
                className="h-8 w-8 shrink-0"
                aria-label={`Copy ${label}`}
                onClick={() => copy(label, value)}
              >
                <Copy className="h-4 w-4" aria-hidden />
              </Button>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

async function copy(label: string, value: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    toast.success('Copied', { description: `${label} copied to clipboard` });
  } catch {
    toast.error('Copy failed', { description: 'Select the text and copy it by hand.' });
  }
}
