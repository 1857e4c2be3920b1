// /reset-password?token=...: the link is checked as the page opens (a used or made-up one says so at once), then
// the new password twice (SPEC.md's rules); then every session has ended and the person signs in again with it.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { accountMessages, resetPasswordSchema } from '../../../shared/account.ts';
import { paths } from '../../../shared/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useFieldValues } from '../../lib/use-field-values.ts';
import { useResetLinkState, useResetPassword } from '../../lib/account-api.ts';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';
import { AuthCard } from './components/auth-card.tsx';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';

export default function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { values: form, bind } = useFieldValues({ newPassword: '', confirmPassword: '' });
  const [linkFailed, setLinkFailed] = useState(false);
  const reset = useResetPassword();
  const token = params.get('token') ?? '';
  const linkState = useResetLinkState(token);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ token, ...form });
    const issue = parsed.error?.issues[0];
    if (issue?.path[0] === 'token') return setLinkFailed(true);
    if (!parsed.success) return toast.error('Reset failed', { description: issue?.message });
    reset.mutate(parsed.data, {
      onSuccess: () =>
        navigate(paths.login, { replace: true, state: { message: accountMessages.passwordReset } }),
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'RESET_LINK_INVALID') setLinkFailed(true);
        toast.error('Reset failed', { description: err.message });
      },
    });
  };

  // If the check itself fails (offline, rate limit), the form stays: the reset answers for the link anyway.
  if (token && linkState.isPending) return <PageSpinner label="Checking your link..." />;
  if (!token || linkFailed || linkState.data?.valid === false) {
    return (
      <AuthCard title="Reset link not valid" subtitle={accountMessages.resetLinkInvalid}>
        <Button asChild className="w-full">
          <Link to={paths.forgotPassword}>Ask for a New Link</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="At least 6 characters. Every device signed in to your account will be signed out."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <NewPasswordFields
          labels={{ password: 'New Password', confirm: 'Confirm New Password' }}
          password={bind('newPassword')}
          confirm={bind('confirmPassword')}
        />
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Set New Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
