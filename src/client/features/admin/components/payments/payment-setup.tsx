// The shop owner's ErcasPay set-up at a glance: the webhook URL to paste into ErcasPay's dashboard (token masked,
// a copy button that fetches the full URL), when the last webhook arrived, and whether payments are live or test.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import type { PaymentSettings, WebhookUrl } from '../../../../../shared/payments.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { api } from '../../../../lib/api.ts';
import { toast } from '../../../../lib/toast.ts';
import { adminErrorText, adminKey } from '../../api/admin-mutation.ts';
import { Panel } from '../form-extras.tsx';
import { Badge } from '../status-badge.tsx';
import { formatDateTime } from '../../../../lib/format-date.ts';

export function PaymentSetup() {
  const { data, isPending, isError, error } = useQuery({
    queryKey: [...adminKey, 'payments', 'settings'],
    queryFn: () => api<PaymentSettings>('/api/admin/payments/settings'),
  });
  const copy = useMutation({
    mutationFn: async () => {
      const { webhookUrl } = await api<WebhookUrl>('/api/admin/payments/webhook-url', {
        method: 'POST',
      });
      await navigator.clipboard.writeText(webhookUrl);
    },
    onSuccess: () => toast.success('Webhook URL copied'),
    onError: (err) => toast.error(adminErrorText(err, 'Could not copy the webhook URL')),
  });

  return (
    <Panel
      title="ErcasPay Set-up"
      description="Paste the webhook URL into your ErcasPay dashboard so payments are credited the moment they complete."
    >
      {isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading payment settings...
        </p>
      ) : isError ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : (
        <dl className="grid gap-4 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-muted-foreground">Payment mode</dt>
          <dd>
            <Badge tone={data.paymentMode === 'live' ? 'green' : 'amber'}>
              {data.paymentMode === 'live' ? 'Live' : 'Test'}
            </Badge>
            <span className="ml-2 text-muted-foreground">
              {data.paymentMode === 'live'
                ? 'Only live ErcasPay payments are credited.'
                : 'ErcasPay TEST payments are credited: no real money.'}
              {data.provider === 'sandbox' ? ' Using the built-in sandbox provider.' : ''}
            </span>
          </dd>
          <dt className="font-medium text-muted-foreground">Webhook URL</dt>
          <dd className="min-w-0">
            {data.webhookUrlMasked ? (
              <div className="flex flex-wrap items-center gap-2">
                <code
                  className="min-w-0 break-all rounded bg-muted px-2 py-1 text-xs"
                  aria-label="Webhook URL (token hidden)"
                >
                  {data.webhookUrlMasked}
                </code>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={copy.isPending}
                  onClick={() => copy.mutate()}
                >
                  <Copy className="h-4 w-4" aria-hidden /> Copy URL
                </Button>
              </div>
            ) : (
              <p className="text-amber-800 dark:text-amber-300">
                Not set: add PAYMENT_WEBHOOK_TOKEN to the store's settings. Until then the webhook
                refuses every call, and payments are credited by the redirect check and the
                background re-check only.
              </p>
            )}
          </dd>
          <dt className="font-medium text-muted-foreground">Last webhook</dt>
          <dd>
            {data.lastWebhookAt ? (
              <>
                <time dateTime={data.lastWebhookAt}>{formatDateTime(data.lastWebhookAt)}</time>
                <span className="text-muted-foreground">
                  {' '}
                  · {data.webhooksReceived.toLocaleString('en-NG')} received
                </span>
              </>
            ) : (
              <span className="text-muted-foreground">None has arrived yet.</span>
            )}
          </dd>
        </dl>
      )}
    </Panel>
  );
}
