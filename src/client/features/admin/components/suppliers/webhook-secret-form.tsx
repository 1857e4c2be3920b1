// A supplier's webhook: the address to register in our account there, and the signing secret it shows back, saved
// here so that its events are believed (and make the store look at the supplier at once).
import type { FormEvent } from 'react';
import { updateSupplierSchema, type Supplier } from '../../../../../shared/suppliers.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { TextField } from '../../../../components/ui/form-controls.tsx';
import { useUpdateSupplier } from '../../api/admin-suppliers.ts';
import { firstIssue } from '../../lib/form-values.ts';
import { useAdminForm } from '../../lib/use-admin-form.ts';
import { FormError } from '../form-extras.tsx';

export function WebhookSecretForm({ supplier }: { supplier: Supplier }) {
  const { values, setValues, error, setError, bind } = useAdminForm({ webhookSecret: '' });
  const save = useUpdateSupplier(() => setValues({ webhookSecret: '' }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateSupplierSchema.safeParse({ webhookSecret: values.webhookSecret });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    save.mutate({ id: supplier.id, body: parsed.data });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mb-4 space-y-2"
      aria-label={`Webhook of ${supplier.name}`}
    >
      <p className="break-all text-sm text-muted-foreground">
        For stock updates as they happen, register <code>{supplier.webhookUrl}</code> in your
        account at the supplier (Profile → Webhooks) and paste the signing secret it shows here; the
        store also looks every minute.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <TextField label="Webhook signing secret" autoComplete="off" {...bind('webhookSecret')} />
        </div>
        <Button type="submit" variant="outline" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Secret'}
        </Button>
      </div>
      <FormError message={error} />
    </form>
  );
}
