// The owner's Telegram alerts: whether a bot is configured, a test message, which kinds to receive (and orders
// from which amount), and how the alert queue is doing.
import { useState, type FormEvent } from 'react';
import {
  OWNER_ALERT_KINDS,
  ownerAlertKindLabels,
  type OwnerAlertKind,
  type OwnerAlertSettings,
} from '../../../../../shared/owner-alerts.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { TextField } from '../../../../components/ui/form-controls.tsx';
import { formatDateTime } from '../../../../lib/format-date.ts';
import {
  useAlertSettings,
  useSaveAlertSettings,
  useSendTestAlert,
} from '../../api/admin-alerts.ts';
import { koboToNairaInput, nairaInputToKobo } from '../../lib/form-values.ts';
import { FormError, Panel } from '../form-extras.tsx';
import { Badge } from '../status-badge.tsx';

export function AlertSettingsCard() {
  const settings = useAlertSettings();
  return (
    <Panel
      title="Owner Alerts (Telegram)"
      description="Messages to your phone when something happens in the shop. Customer details and credentials are never sent."
    >
      {settings.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading alert settings...
        </p>
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {settings.error.message}
        </p>
      ) : (
        <div className="space-y-6">
          <TelegramStatus settings={settings.data} />
          <AlertKindsForm
            key={`${JSON.stringify(settings.data.kinds)}-${settings.data.minOrderKobo}`}
            settings={settings.data}
          />
        </div>
      )}
    </Panel>
  );
}

function TelegramStatus({ settings }: { settings: OwnerAlertSettings }) {
  const test = useSendTestAlert();
  const { telegram, queue } = settings;
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="font-medium text-muted-foreground">Telegram</dt>
      <dd className="flex flex-wrap items-center gap-2">
        {telegram.configured ? (
          <>
            <Badge tone="green">Configured</Badge>
            <span className="text-muted-foreground">Chat {telegram.chatHint}</span>
            <Button
              size="sm"
              variant="outline"
              disabled={test.isPending}
              onClick={() => test.mutate()}
            >
              {test.isPending ? 'Sending...' : 'Send test message'}
            </Button>
          </>
        ) : (
          <>
            <Badge tone="amber">Not configured</Badge>
            <span className="text-muted-foreground">
              Save the bot token and chat id on the Settings tab (Telegram owner bot).
            </span>
          </>
        )}
      </dd>
      <dt className="font-medium text-muted-foreground">Queue</dt>
      <dd className="space-y-1">
        <p>
          {queue.waiting === 0
            ? 'Nothing waiting.'
            : `${queue.waiting} alert${queue.waiting === 1 ? '' : 's'} waiting to be sent.`}
          {queue.lastSentAt ? (
            <span className="text-muted-foreground">
              {' '}
              Last sent <time dateTime={queue.lastSentAt}>{formatDateTime(queue.lastSentAt)}</time>.
            </span>
          ) : null}
        </p>
        {queue.lastError ? (
          <p className="break-words text-amber-800 dark:text-amber-300">
            Retrying: {queue.lastError}
          </p>
        ) : null}
        {queue.skipped > 0 ? (
          <p className="text-muted-foreground">
            {queue.skipped} alert{queue.skipped === 1 ? ' was' : 's were'} not sent while no bot was
            configured.
          </p>
        ) : null}
      </dd>
    </dl>
  );
}

function AlertKindsForm({ settings }: { settings: OwnerAlertSettings }) {
  const save = useSaveAlertSettings();
  const [kinds, setKinds] = useState(settings.kinds);
  const [minOrder, setMinOrder] = useState(
    settings.minOrderKobo ? koboToNairaInput(settings.minOrderKobo) : '',
  );
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const minOrderKobo = nairaInputToKobo(minOrder) ?? 0;
    if (Number.isNaN(minOrderKobo)) return setError('Enter an amount in naira, or leave it empty');
    setError(null);
    save.mutate({ kinds, minOrderKobo });
  };
  const toggle = (kind: OwnerAlertKind, on: boolean) => setKinds((k) => ({ ...k, [kind]: on }));
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Alert settings">
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium">Send me a message for</legend>
        {OWNER_ALERT_KINDS.map((kind) => (
          <label key={kind} className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
              checked={kinds[kind]}
              onChange={(e) => toggle(kind, e.target.checked)}
            />
            <span>
              <span className="font-medium">{ownerAlertKindLabels[kind].label}</span>
              <span className="block text-muted-foreground">
                {ownerAlertKindLabels[kind].description}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="max-w-xs">
        <TextField
          label="Order alerts from (₦)"
          inputMode="decimal"
          placeholder="Every order"
          value={minOrder}
          onChange={(e) => setMinOrder(e.target.value)}
          disabled={!kinds.order_completed}
          hint="Leave empty to hear of every order."
        />
      </div>
      <FormError message={error} />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save alert settings'}
      </Button>
    </form>
  );
}
