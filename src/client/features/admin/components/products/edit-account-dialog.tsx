// The 'Edit Account' modal: username, e-mail, new secrets (blank keeps the stored ones), status, details as key=value lines.
import type { FormEvent } from 'react';
import { accountUpdateSchema, type AdminAccount } from '../../../../../shared/admin-catalogue.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { SelectField, TextAreaField } from '../../../../components/ui/form-controls.tsx';
import { useUpdateAccount } from '../../api/account-mutations.ts';
import { detailsToLines, firstIssue, linesToDetails } from '../../lib/form-values.ts';
import { useAdminForm } from '../../lib/use-admin-form.ts';
import { EditDialog } from '../../../../components/ui/admin-dialog.tsx';
import { FormError } from '../form-extras.tsx';
import { AccountEmailField, SecretField, UsernameField } from './account-fields.tsx';

const statusOptions = [
  { value: 'available', label: 'Available' },
  { value: 'reserved', label: 'Reserved' },
];

export function EditAccountDialog({
  account,
  onClose,
}: {
  account: AdminAccount | null;
  onClose: () => void;
}) {
  const update = useUpdateAccount(onClose);
  return (
    <EditDialog item={account} onClose={onClose} title="Edit Account" isBusy={update.isPending}>
      {(a) => <EditAccountForm account={a} update={update} />}
    </EditDialog>
  );
}

type FormProps = { account: AdminAccount; update: ReturnType<typeof useUpdateAccount> };

function EditAccountForm({ account, update }: FormProps) {
  const { values, error, setError, bind } = useAdminForm({
    username: account.username,
    email: account.email ?? '',
    password: '',
    emailPassword: '',
    twoFaCode: '',
    status: account.status === 'reserved' ? 'reserved' : 'available',
    details: detailsToLines(account.details),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keepIfBlank = (v: string) => (v === '' ? undefined : v);
    const body = {
      ...values,
      status: values.status === 'reserved' ? ('reserved' as const) : ('available' as const),
      password: keepIfBlank(values.password),
      emailPassword: keepIfBlank(values.emailPassword),
      twoFaCode: keepIfBlank(values.twoFaCode),
      details: linesToDetails(values.details),
    };
    const parsed = accountUpdateSchema.safeParse(body);
    if (!parsed.success) return setError(firstIssue(parsed.error));
    update.mutate({ id: account.id, body });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Edit Account">
      <div className="grid gap-4 sm:grid-cols-2">
        <UsernameField {...bind('username')} />
        <AccountEmailField {...bind('email')} />
        <SecretField label="Password" editing {...bind('password')} />
        <SecretField label="Email Password" editing {...bind('emailPassword')} />
        <SecretField label="2FA Code" editing {...bind('twoFaCode')} />
        <SelectField label="Status" options={statusOptions} {...bind('status')} />
      </div>
      <TextAreaField
        label="Details"
        rows={3}
        hint="One key=value per line, e.g. followers=1200. Shown to customers."
        {...bind('details')}
      />
      <FormError message={error} />
      <Button type="submit" disabled={update.isPending} className="w-full sm:w-auto">
        {update.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  );
}
