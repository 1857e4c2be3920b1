// Profile settings: change the password with the current one; the other devices are signed out.
import { useState, type FormEvent } from 'react';
import { changePasswordSchema } from '../../../../shared/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useChangePassword } from '../api/account-api.ts';
import { FormNote, SettingsSection } from './settings-section.tsx';
import { useFormAnswer } from './use-form-answer.ts';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const [form, setForm] = useState(empty);
  const change = useChangePassword();
  const note = useFormAnswer();
  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    note.clear();
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success) return note.fail(parsed.error.issues[0]?.message ?? '');
    change.mutate(parsed.data, {
      onSuccess: (r) => {
        setForm(empty);
        note.ok(r.message);
      },
      onError: (err) => note.fail(err.message),
    });
  };
  return (
    <SettingsSection
      title="Password"
      description="Your current password is needed. Every other device signed in to your account will be signed out."
    >
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-3 sm:items-end" noValidate>
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={set('currentPassword')}
        />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={set('newPassword')}
        />
        <Field
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
        />
        <Button type="submit" className="sm:col-start-3" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </form>
      <FormNote message={note.answer?.message ?? null} tone={note.answer?.tone} />
    </SettingsSection>
  );
}
