// The second step of signing in to an account with two-factor sign-in: the code from the authenticator app, or
// one of the recovery codes. A wrong code is said; after 5 minutes the password step starts again.
import type { Me } from '../../../../shared/auth.ts';
import { ApiError } from '../../../lib/api.ts';
import { CodeForm } from '../../../components/two-factor/code-form.tsx';
import { useSecondFactorSignIn } from '../api/auth-mutations.ts';

export function SecondFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: Me) => void;
  onRestart: () => void;
}) {
  const verify = useSecondFactorSignIn();
  const expired = verify.error instanceof ApiError && verify.error.code === 'SECOND_FACTOR_EXPIRED';
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Enter the 6-digit code your authenticator app shows for AcctStore. Lost your phone? Enter
        one of your recovery codes instead.
      </p>
      <CodeForm
        submitLabel="Verify"
        isPending={verify.isPending}
        onCode={(code) => verify.mutate(code, { onSuccess: ({ user }) => onSignedIn(user) })}
      />
      {verify.error && (
        <p role="alert" className="text-sm text-destructive">
          {verify.error.message}
        </p>
      )}
      {expired && (
        <button
          type="button"
          className="text-sm font-medium text-primary underline"
          onClick={onRestart}
        >
          Enter e-mail and password again
        </button>
      )}
    </div>
  );
}
