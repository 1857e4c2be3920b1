// /login: e-mail and password; admins land on /admin, others on /dashboard (or where they were going).
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { authMessages } from '../../../shared/auth-messages.ts';
import { paths, shellPageHeads } from '../../../shared/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { preloadPage } from '../../lib/app-links.ts';
import { useSignIn } from './api/auth-mutations.ts';
import { AuthCard } from './components/auth-card.tsx';
import { SecondFactorStep } from './components/second-factor-step.tsx';
import type { Me } from '../../../shared/auth.ts';
import { ResendButton } from './components/resend-button.tsx';

const loadLoginSchema = () => import('../../../shared/auth.ts').then((m) => m.loginSchema);

type LoginState = { from?: string; message?: string; registeredEmail?: string } | null;

export default function LoginPage() {
  useDocumentTitle(shellPageHeads[paths.login].title, shellPageHeads[paths.login].description);
  const navigate = useNavigate();
  const state = useLocation().state as LoginState;
  const [email, setEmail] = useState(state?.registeredEmail ?? '');
  const [password, setPassword] = useState('');
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const signIn = useSignIn();
  const welcome = (user: Me) => {
    toast.success('Welcome back!', { description: 'You have been logged in successfully' });
    const from = state?.from && !user.isAdmin ? state.from : null;
    navigate(from ?? (user.isAdmin ? paths.admin : paths.dashboard), { replace: true });
  };

  // The form's schema (and the validation library) loads while the visitor types, not with the page.
  // So does the page a customer lands on (docs/decisions/036): the sign-in answers with the dashboard, not its code.
  useEffect(
    () =>
      whenIdle(() => {
        void loadLoginSchema().catch(() => undefined);
        void preloadPage(state?.from ?? paths.dashboard);
      }),
    [state?.from],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password)
      return toast.error('Missing fields', { description: authMessages.loginMissingFields });
    void loadLoginSchema().then(
      (loginSchema) => send(loginSchema.safeParse({ email, password })),
      () => toast.error('Login error', { description: 'An unexpected error occurred' }),
    );
  };
  const send = (parsed: ReturnType<Awaited<ReturnType<typeof loadLoginSchema>>['safeParse']>) => {
    if (!parsed.success)
      return toast.error('Login failed', { description: parsed.error.issues[0]?.message });
    signIn.mutate(parsed.data, {
      onSuccess: (result) => ('user' in result ? welcome(result.user) : setNeedsCode(true)),
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'EMAIL_NOT_CONFIRMED')
          setUnconfirmed(parsed.data.email);
        if (err instanceof ApiError && err.status > 0 && err.status < 500) {
          toast.error('Login failed', {
            description: err.message || authMessages.invalidCredentials,
          });
        } else
          toast.error('Login error', {
            description:
              err instanceof ApiError && err.status === 0
                ? err.message
                : 'An unexpected error occurred',
          });
      },
    });
  };

  if (needsCode)
    return (
      <AuthCard title="Sign in" subtitle="Two-factor sign-in is on for this account.">
        <SecondFactorStep onSignedIn={welcome} onRestart={() => setNeedsCode(false)} />
      </AuthCard>
    );

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to your account.">
      {state?.message && (
        <p
          role="status"
          className="mb-4 rounded-md border border-green-600/40 bg-green-600/10 p-3 text-sm"
        >
          {state.message}
        </p>
      )}
      {state?.registeredEmail && (
        <p role="status" className="mb-4 rounded-md border border-border bg-muted p-3 text-sm">
          We sent a confirmation link to <strong>{state.registeredEmail}</strong>. Confirm your
          e-mail, then sign in.
        </p>
      )}
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p className="text-right text-sm">
          <Link to={paths.forgotPassword} className="font-medium text-primary underline">
            Forgot password?
          </Link>
        </p>
        <Button type="submit" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      {unconfirmed && (
        <div className="mt-4 space-y-2">
          <p className="text-sm text-muted-foreground">{authMessages.emailNotConfirmed}</p>
          <ResendButton email={unconfirmed} />
        </div>
      )}
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <Link to={paths.register} className="font-medium text-primary underline">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
