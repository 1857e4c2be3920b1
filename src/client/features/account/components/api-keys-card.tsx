// Profile settings (customers): API keys for a reseller's own shop or bot. A new key is shown once, here; the list
// shows each key's start, scopes and last use, with Revoke.
import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import {
  API_KEY_SCOPES,
  type ApiKeyScope,
  type CreatedApiKey,
} from '../../../../shared/api-keys.ts';
import { paths } from '../../../../shared/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys-api.ts';
import { needsStepUp } from '../../../lib/two-factor-api.ts';
import { FormNote, SettingsSection } from './settings-section.tsx';
import { StepUpForm } from '../../../components/two-factor/step-up-form.tsx';
import { useFormAnswer } from './use-form-answer.ts';

const scopeLabels: Record<ApiKeyScope, string> = {
  read: 'Read (catalogue, balance, orders and credentials, top-ups)',
  purchase: 'Purchase (buy from your wallet)',
};

export function ApiKeysCard() {
  const { data, isPending, isError } = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const note = useFormAnswer();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const send = (input: { name: string; scopes: ApiKeyScope[] }) =>
    create.mutate(input, {
      onSuccess: (answer) => {
        setCreated(answer);
        setName('');
        note.ok('Key created. Copy it now: it is not shown again.');
      },
      // With two-factor sign-in on, a key takes a fresh code: the form for it shows below.
      onError: (err) => (needsStepUp(err) ? note.clear() : note.fail(err.message)),
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ name, scopes });
  };
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));
  const keys = data?.keys ?? [];

  return (
    <SettingsSection
      id="api-keys-heading"
      title="API keys"
      description={
        <>
          Let your own shop or bot use the store through the API. See the{' '}
          <a className="underline" href={paths.developers}>
            API reference
          </a>
          . Changing your password, two-factor sign-in, or signing out everywhere else ends every
          key.
        </>
      }
    >
      <form onSubmit={submit} className="space-y-3" aria-label="New API key">
        <Field
          label="Key name"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          hint="For you to tell keys apart, such as the bot that uses it."
        />
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">Scopes</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) => toggle(scope, e.target.checked)}
              />
              {scopeLabels[scope]}
            </label>
          ))}
        </fieldset>
        <Button type="submit" disabled={create.isPending}>
          Create key
        </Button>
      </form>
      {needsStepUp(create.error) && create.variables && (
        <div className="mt-3">
          <StepUpForm onDone={() => send(create.variables!)} />
        </div>
      )}
      <FormNote message={note.answer?.message ?? null} tone={note.answer?.tone} />
      {created && (
        <div className="mt-3 rounded-md border border-border p-3">
          <label htmlFor="new-api-key" className="block text-sm font-medium">
            Your new key ({created.key.name})
          </label>
          <input
            id="new-api-key"
            readOnly
            value={created.secret}
            className="mt-1 h-10 w-full rounded-md border border-border bg-background px-3 font-mono text-sm"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      )}
      {isPending && <p className="mt-3 text-sm text-muted-foreground">Loading keys...</p>}
      {isError && (
        <p role="alert" className="mt-3 text-sm text-destructive">
          Failed to load your keys.
        </p>
      )}
      <ul className="mt-3 divide-y divide-border" aria-label="API keys">
        {keys.map((k) => (
          <li key={k.id} className="flex flex-wrap items-center gap-3 py-3">
            <KeyRound className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {k.name} <span className="font-mono text-xs">{k.prefix}…</span>
              </p>
              <p className="text-xs text-muted-foreground">
                {k.scopes.join(', ')} · created {formatDateTime(k.createdAt)} ·{' '}
                {k.lastUsedAt ? `last used ${formatDateTime(k.lastUsedAt)}` : 'never used'}
                {k.active ? '' : ' · revoked'}
              </p>
            </div>
            {k.active && (
              <Button
                variant="outline"
                size="sm"
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutate(k.id, {
                    onSuccess: () => note.ok(`Key "${k.name}" revoked.`),
                    onError: (err) => note.fail(err.message),
                  })
                }
                aria-label={`Revoke key ${k.name}`}
              >
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}
