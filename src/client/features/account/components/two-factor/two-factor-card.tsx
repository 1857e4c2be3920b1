// Profile settings: two-factor sign-in. Off: set it up (QR code, the secret in text, a code to confirm), then the
// recovery codes, shown once. On: turn it off with a code (customers; admins must keep it where it is required).
import { useState, type FormEvent } from 'react';
import type { Me } from '../../../../../shared/auth.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useStartTwoFactor,
} from '../../../../lib/two-factor-api.ts';
import { FormNote, SettingsSection } from '../settings-section.tsx';
import { CodeForm } from '../../../../components/two-factor/code-form.tsx';
import { QrCode } from './qr-code.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

export function TwoFactorCard({ me }: { me: Me }) {
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);
  const setup = start.data;
  const error = (enable.error ?? disable.error ?? start.error)?.message ?? null;

  return (
    <SettingsSection
      id="two-factor"
      title="Two-factor sign-in"
      description={
        me.twoFactorEnabled
          ? 'On. Signing in asks for a code from your authenticator app after your password.'
          : 'Off. Turn it on to ask for a code from an authenticator app (Google Authenticator, Aegis, 1Password…) after your password.'
      }
    >
      {me.twoFactorRequired && !me.twoFactorEnabled && (
        <p
          role="note"
          className="mb-4 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm"
        >
          Admins must turn on two-factor sign-in before using the console.
        </p>
      )}
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : me.twoFactorEnabled ? (
        !me.twoFactorRequired && (
          <CodeForm
            submitLabel="Turn Off"
            hint="A code from your app, or a recovery code."
            isPending={disable.isPending}
            onCode={(code) => disable.mutate(code)}
          />
        )
      ) : setup ? (
        <div className="space-y-4">
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            <li>Scan this QR code with your authenticator app, or type the key below into it.</li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <div className="flex flex-wrap items-start gap-4">
            <QrCode modules={setup.qr} label="QR code for your authenticator app" />
            <div className="min-w-0 flex-1 space-y-1 text-sm">
              <p className="text-muted-foreground">Key (if you cannot scan)</p>
              <p className="break-all font-mono text-base" aria-label="Set-up key">
                {setup.secret}
              </p>
            </div>
          </div>
          <CodeForm
            submitLabel="Turn On"
            hint="The 6 digits your app shows for AcctStore."
            isPending={enable.isPending}
            onCode={(code) => enable.mutate(code, { onSuccess: (r) => setCodes(r.recoveryCodes) })}
          />
        </div>
      ) : (
        <StartForm isPending={start.isPending} onStart={(password) => start.mutate(password)} />
      )}
      <FormNote message={disable.data?.message ?? null} />
      <FormNote message={error} tone="error" />
    </SettingsSection>
  );
}

/** The current password first, so a borrowed session cannot turn it on and lock the owner out. */
function StartForm({
  isPending,
  onStart,
}: {
  isPending: boolean;
  onStart: (password: string) => void;
}) {
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password) onStart(password);
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 sm:items-end" noValidate>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" disabled={isPending || !password}>
        {isPending ? 'Preparing...' : 'Set Up Two-Factor Sign-In'}
      </Button>
    </form>
  );
}
