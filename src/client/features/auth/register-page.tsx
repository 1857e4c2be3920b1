// /register: e-mail, password, confirm password, with SPEC.md's checks; success goes to /login.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { authMessages, PASSWORD_MIN_LENGTH, registerSchema } from '../../../shared/auth.ts';
import { paths, shellPageHeads } from '../../../shared/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useFieldValues } from '../../lib/use-field-values.ts';
import { useRegister } from './api/auth-mutations.ts';
import { AuthCard } from './components/auth-card.tsx';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { ResendButton } from './components/resend-button.tsx';

export default function RegisterPage() {
  useDocumentTitle(
    shellPageHeads[paths.register].title,
    shellPageHeads[paths.register].description,
  );
  const navigate = useNavigate();
  const { values: form, bind } = useFieldValues({ email: '', password: '', confirmPassword: '' });
  const [existing, setExisting] = useState<string | null>(null);
  const register = useRegister();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.email.trim() || !form.password || !form.confirmPassword) {
      return toast.error('Registration failed', {
        description: authMessages.registerMissingFields,
      });
    }
    if (form.password !== form.confirmPassword)
      return toast.error('Password mismatch', { description: authMessages.passwordMismatch });
    if (form.password.length < PASSWORD_MIN_LENGTH)
      return toast.error('Password too short', { description: authMessages.passwordTooShort });
    const parsed = registerSchema.safeParse(form);
    if (!parsed.success)
      return toast.error('Registration failed', { description: parsed.error.issues[0]?.message });
    register.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Account created!', { description: 'You can now sign in to your account' });
        navigate(paths.login, { state: { registeredEmail: parsed.data.email } });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'USER_EXISTS') setExisting(parsed.data.email);
        if (err instanceof ApiError && err.status > 0 && err.status < 500) {
          toast.error('Registration failed', {
            description: err.message || 'Failed to create account',
          });
        } else toast.error('Registration error', { description: err.message || 'Sign up failed' });
      },
    });
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Top up your wallet and buy accounts in minutes."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Email" type="email" autoComplete="email" {...bind('email')} />
        <NewPasswordFields
          labels={{ password: 'Password', confirm: 'Confirm Password' }}
          password={bind('password')}
          confirm={bind('confirmPassword')}
          hint="At least 6 characters"
        />
        <Button type="submit" className="w-full" disabled={register.isPending}>
          {register.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
      {existing && (
        <div className="mt-4 space-y-2">
          <p className="text-sm text-muted-foreground">{authMessages.userExists}</p>
          <ResendButton email={existing} />
        </div>
      )}
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to={paths.login} className="font-medium text-primary underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
