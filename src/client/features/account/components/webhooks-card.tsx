// Profile settings (customers): signed webhooks. Register an https:// address for some events (with a fresh code
// when two-factor sign-in is on); its signing secret is shown once, here. Below: the delivery log (status,
// attempts, last answer) with Resend.
import { useState, type FormEvent } from 'react';
import { Webhook } from 'lucide-react';
import {
  WEBHOOK_ADDRESS_RULE,
  WEBHOOK_EVENTS,
  type CreatedWebhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '../../../../shared/webhooks.ts';
import { paths } from '../../../../shared/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { needsStepUp } from '../../../lib/two-factor-api.ts';
import {
  useRegisterWebhook,
  useRemoveWebhook,
  useResendDelivery,
  useWebhooks,
} from '../api/webhooks-api.ts';
import { FormNote, SettingsSection } from './settings-section.tsx';
import { StepUpForm } from '../../../components/two-factor/step-up-form.tsx';
import { useFormAnswer } from './use-form-answer.ts';

const eventLabels: Record<WebhookEvent, string> = {
  'order.completed': 'order.completed (an order was bought)',
  'topup.credited': 'topup.credited (a top-up reached your wallet)',
  'report.resolved': 'report.resolved (a report of a bad account was resolved)',
};

const statusLabels: Record<WebhookDelivery['status'], string> = {
  pending: 'Retrying',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
};
const statusTone: Record<WebhookDelivery['status'], string> = {
  pending: 'text-amber-700 dark:text-amber-400',
  sending: 'text-muted-foreground',
  delivered: 'text-emerald-700 dark:text-emerald-400',
  failed: 'text-destructive',
};

export function WebhooksCard() {
  const { data, isPending, isError } = useWebhooks();
  const register = useRegisterWebhook();
  const remove = useRemoveWebhook();
  const resend = useResendDelivery();
  const note = useFormAnswer();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['order.completed']);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);

  const send = (input: { url: string; events: WebhookEvent[] }) =>
    register.mutate(input, {
      onSuccess: (answer) => {
        setCreated(answer);
        setUrl('');
        note.ok('Webhook added. Copy its signing secret now: it is not shown again.');
      },
      onError: (err) => (needsStepUp(err) ? note.clear() : note.fail(err.message)),
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ url, events });
  };
  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((s) => (on ? [...s, event] : s.filter((x) => x !== event)));
  const endpoints = data?.endpoints ?? [];
  const deliveries = data?.deliveries ?? [];

  return (
    <SettingsSection
      id="webhooks-heading"
      title="Webhooks"
      description={
        <>
          We POST signed events to your server. See{' '}
          <a className="underline" href={`${paths.developers}#webhooks`}>
            how to verify a signature
          </a>
          .
        </>
      }
    >
      <form onSubmit={submit} className="space-y-3" aria-label="New webhook">
        <Field
          label="Endpoint URL"
          type="url"
          inputMode="url"
          value={url}
          maxLength={500}
          placeholder="https://your-shop.example/hooks/acctstore"
          onChange={(e) => setUrl(e.target.value)}
          hint={`${WEBHOOK_ADDRESS_RULE.production} ${WEBHOOK_ADDRESS_RULE.development}`}
        />
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">Events</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1"
                checked={events.includes(event)}
                onChange={(e) => toggle(event, e.target.checked)}
              />
              <span className="min-w-0 break-words">{eventLabels[event]}</span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" disabled={register.isPending}>
          Add webhook
        </Button>
      </form>
      {needsStepUp(register.error) && register.variables && (
        <div className="mt-3">
          <StepUpForm onDone={() => send(register.variables!)} />
        </div>
      )}
      <FormNote message={note.answer?.message ?? null} tone={note.answer?.tone} />
      {created && (
        <div className="mt-3 rounded-md border border-border p-3">
          <label htmlFor="new-webhook-secret" className="block text-sm font-medium">
            Signing secret for {created.endpoint.url}
          </label>
          <input
            id="new-webhook-secret"
            readOnly
            value={created.secret}
            className="mt-1 h-10 w-full rounded-md border border-border bg-background px-3 font-mono text-sm"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      )}
      {isPending && <p className="mt-3 text-sm text-muted-foreground">Loading webhooks...</p>}
      {isError && (
        <p role="alert" className="mt-3 text-sm text-destructive">
          Failed to load your webhooks.
        </p>
      )}
      <ul className="mt-3 divide-y divide-border" aria-label="Webhook endpoints">
        {endpoints.map((e) => (
          <li key={e.id} className="flex flex-wrap items-center gap-3 py-3">
            <Webhook className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="break-all font-mono text-sm">{e.url}</p>
              <p className="text-xs text-muted-foreground">
                {e.events.join(', ')} · added {formatDateTime(e.createdAt)}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(e.id, {
                  onSuccess: () => note.ok('Webhook removed.'),
                  onError: (err) => note.fail(err.message),
                })
              }
              aria-label={`Remove webhook ${e.url}`}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {deliveries.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold">Recent deliveries</h3>
          <ul className="mt-1 divide-y divide-border" aria-label="Webhook deliveries">
            {deliveries.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                <div className="min-w-0 flex-1">
                  <p>
                    <span className="font-mono">{d.event}</span> ·{' '}
                    <span className={statusTone[d.status]}>{statusLabels[d.status]}</span>
                  </p>
                  <p className="break-words text-xs text-muted-foreground">
                    {formatDateTime(d.createdAt)} · {d.attempts}{' '}
                    {d.attempts === 1 ? 'attempt' : 'attempts'}
                    {d.lastStatusCode !== null ? ` · last answer ${d.lastStatusCode}` : ''}
                    {d.status === 'pending' && d.nextAttemptAt
                      ? ` · next try ${formatDateTime(d.nextAttemptAt)}`
                      : ''}
                    {d.lastError && d.lastStatusCode === null && d.status !== 'delivered'
                      ? ` · ${d.lastError}`
                      : ''}
                  </p>
                </div>
                {(d.status === 'delivered' || d.status === 'failed') && (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={resend.isPending}
                    onClick={() =>
                      resend.mutate(d.id, {
                        onSuccess: (answer) => note.ok(answer.message),
                        onError: (err) => note.fail(err.message),
                      })
                    }
                    aria-label={`Resend ${d.event} of ${formatDateTime(d.createdAt)}`}
                  >
                    Resend
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </SettingsSection>
  );
}
