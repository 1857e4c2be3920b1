// Profile settings: change the e-mail address; a link goes to the new address and the change waits for it.
import { useState, type FormEvent } from 'react';
import { accountMessages, changeEmailSchema } from '../../../../shared/account.ts';
import type { Me } from '../../../../shared/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useChangeEmail } from '../api/account-api.ts';
import { FormNote, SettingsSection } from './settings-section.tsx';
import { useFormAnswer } from './use-form-answer.ts';

export function EmailForm({ me }: { me: Me }) {
  const [form, setForm] = useState({ newEmail: '', currentPassword: '' });
  const change = useChangeEmail();
  const note = useFormAnswer();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    note.clear();
    const parsed = changeEmailSchema.safeParse(form);
    if (!parsed.success) return note.fail(parsed.error.issues[0]?.message ?? '');
    change.mutate(parsed.data, {
      onSuccess: (r) => {
        setForm({ newEmail: '', currentPassword: '' });
        note.ok(r.message);
      },
      onError: (err) => note.fail(err.message),
    });
  };
  return (
    <SettingsSection
      title="E-mail address"
      description={
        <>
          Now <strong className="break-all text-foreground">{me.email}</strong>. We send a
          confirmation link to the new address; the old one is told once it changes.
        </>
      }
    >
      {me.adminByAddress && (
        <p
          role="note"
          className="mb-3 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm"
        >
          {accountMessages.adminRoleByAddress}
        </p>
      )}
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 sm:items-end" noValidate>
        <Field
          label="New e-mail address"
          type="email"
          autoComplete="email"
          value={form.newEmail}
          onChange={(e) => setForm((f) => ({ ...f, newEmail: e.target.value }))}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={(e) => setForm((f) => ({ ...f, currentPassword: e.target.value }))}
        />
        <Button type="submit" className="sm:col-start-2" disabled={change.isPending}>
          {change.isPending ? 'Sending...' : 'Change E-mail'}
        </Button>
      </form>
      <FormNote message={note.answer?.message ?? null} tone={note.answer?.tone} />
    </SettingsSection>
  );
}
