// Profile settings: change the e-mail address; a link goes to the new address and the change waits for it.
import { changeEmailSchema } from '../../../../shared/account.ts';
import type { Me } from '../../../../shared/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useChangeEmail } from '../../../lib/account-api.ts';
import { FormNote, SettingsSection } from './settings-section.tsx';
import { useSettingsForm } from './use-settings-form.ts';

export function EmailForm({ me }: { me: Me }) {
  const form = useSettingsForm({
    initial: { newEmail: '', currentPassword: '' },
    schema: changeEmailSchema,
    mutation: useChangeEmail(),
  });
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
      <form onSubmit={form.submit} className="grid gap-3 sm:grid-cols-2 sm:items-end" noValidate>
        <Field
          label="New e-mail address"
          type="email"
          autoComplete="email"
          {...form.bind('newEmail')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.bind('currentPassword')}
        />
        <Button type="submit" className="sm:col-start-2" disabled={form.isPending}>
          {form.isPending ? 'Sending...' : 'Change E-mail'}
        </Button>
      </form>
      <FormNote message={form.note.answer?.message ?? null} tone={form.note.answer?.tone} />
    </SettingsSection>
  );
}
