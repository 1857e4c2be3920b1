// One code field and its button: the six digits of the authenticator app, or a recovery code.
import { useState, type FormEvent } from 'react';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';

export function CodeForm({
  onCode,
  isPending,
  submitLabel,
  hint,
  label = 'Authentication code',
}: {
  onCode: (code: string) => void;
  isPending: boolean;
  submitLabel: string;
  hint?: string;
  label?: string;
}) {
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) onCode(code.trim());
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 sm:items-end" noValidate>
      <Field
        label={label}
        inputMode="text"
        autoComplete="one-time-code"
        maxLength={20}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" disabled={isPending || !code.trim()}>
        {isPending ? 'Checking...' : submitLabel}
      </Button>
      {/* Under both, so the button lines up with the field rather than with the hint. */}
      {hint ? <p className="text-xs text-muted-foreground sm:col-span-2">{hint}</p> : null}
    </form>
  );
}
