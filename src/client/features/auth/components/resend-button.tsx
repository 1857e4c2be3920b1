// Offers a new confirmation link for an account that has not confirmed its e-mail yet.
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useResendConfirmation } from '../api/auth-mutations.ts';

export function ResendButton({ email }: { email: string }) {
  const resend = useResendConfirmation();
  return (
    <Button
      variant="outline"
      className="w-full"
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(email, {
          onSuccess: (r) => toast.success('Confirmation email sent', { description: r.message }),
          onError: (err) =>
            toast.error('Failed to resend confirmation email', { description: err.message }),
        })
      }
    >
      {resend.isPending ? 'Sending...' : 'Resend confirmation email'}
    </Button>
  );
}
