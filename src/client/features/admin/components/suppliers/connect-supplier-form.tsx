// Connect a supplier: another store's address and an API key of your customer account there (made on its
// /profile → API keys, with the read and purchase scopes); the store checks the key before it saves anything.
import type { FormEvent } from 'react';
import { connectSupplierSchema } from '../../../../../shared/suppliers.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { TextField } from '../../../../components/ui/form-controls.tsx';
import { useConnectSupplier } from '../../api/admin-suppliers.ts';
import { firstIssue, nairaInputToKobo } from '../../lib/form-values.ts';
import { useAdminForm } from '../../lib/use-admin-form.ts';
import { FormError } from '../form-extras.tsx';

const empty = { name: '', baseUrl: '', apiKey: '', lowBalance: '' };

export function ConnectSupplierForm() {
  const { values, setValues, error, setError, bind } = useAdminForm(empty);
  const connect = useConnectSupplier(() => setValues(empty));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = connectSupplierSchema.safeParse({
      name: values.name,
      baseUrl: values.baseUrl,
      apiKey: values.apiKey,
      lowBalanceKobo: nairaInputToKobo(values.lowBalance),
    });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    connect.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Connect a supplier">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Supplier name" required {...bind('name')} />
        <TextField
          label="Store address"
          required
          type="url"
          placeholder="https://supplier.example"
          {...bind('baseUrl')}
        />
        <TextField
          label="API key"
          required
          autoComplete="off"
          hint="From your customer account at the supplier (Profile → API keys, read and purchase)."
          {...bind('apiKey')}
        />
        <TextField
          label="Warn when my balance there is under (₦)"
          inputMode="decimal"
          placeholder="10,000"
          {...bind('lowBalance')}
        />
      </div>
      <FormError message={error} />
      <Button type="submit" disabled={connect.isPending} className="w-full sm:w-auto">
        {connect.isPending ? 'Checking the key...' : 'Connect Supplier'}
      </Button>
    </form>
  );
}
