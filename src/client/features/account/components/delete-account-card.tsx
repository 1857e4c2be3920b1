// Profile settings, customers only: delete my account. The remaining wallet balance comes first, with the
// support contact for a payout (the store cannot refund a balance by itself); then the password confirms.
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { accountMessages } from '../../../../shared/account.ts';
import { formatNaira } from '../../../../shared/money.ts';
import { paths } from '../../../../shared/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSiteInfo } from '../../../lib/use-site-info.ts';
import { useDeleteAccount } from '../../../lib/account-api.ts';
import { FormNote, SettingsSection } from './settings-section.tsx';
import { useFormAnswer } from './use-form-answer.ts';

export function DeleteAccountCard({ balanceKobo }: { balanceKobo: number }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();
  const note = useFormAnswer();
  const navigate = useNavigate();
  const support = useSiteInfo().data?.supportEmail;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    note.clear();
    if (!password) return note.fail(accountMessages.confirmDeletePassword);
    remove.mutate(
      { password, shownBalanceKobo: balanceKobo },
      {
        onSuccess: (r) => {
          toast.success('Account deleted', { description: r.message });
          navigate(paths.home, { replace: true });
        },
        onError: (err) => note.fail(err.message),
      },
    );
  };

  const balanceNote =
    balanceKobo > 0 ? (
      <p className="rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
        Your wallet still holds <strong>{formatNaira(balanceKobo)}</strong>. The store cannot refund
        a balance by itself: for a payout, contact support
        {support ? (
          <>
            {' '}
            at{' '}
            <a className="font-medium text-primary underline" href={`mailto:${support}`}>
              {support}
            </a>
          </>
        ) : null}{' '}
        before you delete your account. Deleting it gives up this balance.
      </p>
    ) : (
      <p className="text-sm">Your wallet is empty.</p>
    );

  return (
    <SettingsSection
      title="Delete my account"
      description="Your name, e-mail, password, devices and messages are removed. Your orders stay in the shop's books, without your name."
    >
      {balanceNote}
      <Dialog.Root open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
        <Dialog.Trigger asChild>
          <Button variant="destructive" className="mt-4">
            Delete My Account
          </Button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
          <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-card p-5 text-foreground shadow-xl sm:p-6">
            <Dialog.Title className="text-xl font-bold">Delete your account?</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-muted-foreground">
              This cannot be undone.{' '}
              {balanceKobo > 0 ? `You give up the ${formatNaira(balanceKobo)} in your wallet.` : ''}{' '}
              Enter your password to confirm.
            </Dialog.Description>
            <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
              <Field
                label="Your password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <FormNote message={note.answer?.message ?? null} tone={note.answer?.tone} />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Dialog.Close asChild>
                  <Button type="button" variant="outline" disabled={remove.isPending}>
                    Keep My Account
                  </Button>
                </Dialog.Close>
                <Button type="submit" variant="destructive" disabled={remove.isPending}>
                  {remove.isPending ? 'Deleting...' : 'Delete Permanently'}
                </Button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </SettingsSection>
  );
}
