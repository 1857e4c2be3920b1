// /forgot-password: the e-mail address, then the same answer whether or not it has an account.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { forgotPasswordSchema, accountMessages } from '../../../shared/account.ts';
import { paths, shellPageHeads } from '../../../shared/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { toast } from '../../lib/toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useForgotPassword } from '../../lib/account-api.ts';
import { AuthCard } from './components/auth-card.tsx';

export default function ForgotPasswordPage() {
  const head = shellPageHeads[paths.forgotPassword];
  useDocumentTitle(head.title, head.description);
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const forgot = useForgotPassword();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success)
      return toast.error('Reset failed', { description: parsed.error.issues[0]?.message });
    forgot.mutate(parsed.data.email, {
      onSuccess: () => setSent(true),
      onError: (err) => toast.error('Reset failed', { description: err.message }),
    });
  };

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter your e-mail address and we will send you a link to choose a new password."
    >
      {sent ? (
        <p
          role="status"
          className="rounded-md border border-green-600/40 bg-green-600/10 p-3 text-sm"
        >
          {accountMessages.forgotSent}
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" className="w-full" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Remembered it?{' '}
        <Link to={paths.login} className="font-medium text-primary underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
