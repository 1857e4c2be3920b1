// Profile settings: change the password with the current one; the other devices are signed out.
import { changePasswordSchema } from '../../../../shared/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { useChangePassword } from '../../../lib/account-api.ts';
import { FormNote, SettingsSection } from './settings-section.tsx';
import { useSettingsForm } from './use-settings-form.ts';

export function PasswordForm() {
  const form = useSettingsForm({
    initial: { currentPassword: '', newPassword: '', confirmPassword: '' },
    schema: changePasswordSchema,
    mutation: useChangePassword(),
  });
  return (
    <SettingsSection
      title="Password"
      description="Your current password is needed. Every other device signed in to your account will be signed out."
    >
      <form
        onSubmit={form.submit}
        aria-label="Change password"
        className="grid gap-3 sm:grid-cols-3 sm:items-end"
        noValidate
      >
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.bind('currentPassword')}
        />
        <NewPasswordFields
          labels={{ password: 'New password', confirm: 'Confirm new password' }}
          password={form.bind('newPassword')}
          confirm={form.bind('confirmPassword')}
        />
        <Button type="submit" className="sm:col-start-3" disabled={form.isPending}>
          {form.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </form>
      <FormNote message={form.note.answer?.message ?? null} tone={form.note.answer?.tone} />
    </SettingsSection>
  );
}
