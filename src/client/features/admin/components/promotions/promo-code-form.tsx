// Create a promo code: the code, percentage or naira off, what it is for (every product, a category, a template),
// when it runs, how many uses in all and per customer, and the smallest order it needs.
import type { FormEvent } from 'react';
import type { AdminCatalogue } from '../../../../../shared/admin-catalogue.ts';
import {
  PROMO_SCOPES,
  promoCodeInputSchema,
  type PromoScope,
} from '../../../../../shared/promotions.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../../components/ui/form-controls.tsx';
import { useCreatePromoCode } from '../../api/admin-promotions.ts';
import { firstIssue, nairaInputToKobo } from '../../lib/form-values.ts';
import { useAdminForm } from '../../lib/use-admin-form.ts';
import { FormError } from '../form-extras.tsx';

type Values = {
  code: string;
  kind: string;
  off: string;
  scope: string;
  target: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  minOrder: string;
};
const empty: Values = {
  code: '',
  kind: 'percent',
  off: '',
  scope: 'all',
  target: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  maxUsesPerCustomer: '',
  minOrder: '',
};
const scopeLabels: Record<PromoScope, string> = {
  all: 'All products',
  category: 'A category',
  product_group: 'A product template',
};

const count = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
/** A datetime-local value (the admin's own clock) as an instant; blank: none. */
const instant = (text: string) => (text ? new Date(text).toISOString() : null);

export function PromoCodeForm({ catalogue }: { catalogue: AdminCatalogue }) {
  const { values, setValues, error, setError, bind } = useAdminForm<Values>(empty);
  const create = useCreatePromoCode(() => setValues(empty));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const off = values.kind === 'percent' ? count(values.off) : nairaInputToKobo(values.off);
    const parsed = promoCodeInputSchema.safeParse({
      code: values.code,
      kind: values.kind,
      percentOff: values.kind === 'percent' ? off : null,
      amountOffKobo: values.kind === 'fixed' ? (off ?? null) : null,
      scope: values.scope,
      categoryId: values.scope === 'category' ? values.target || null : null,
      productGroupId: values.scope === 'product_group' ? values.target || null : null,
      startsAt: instant(values.startsAt),
      endsAt: instant(values.endsAt),
      maxUses: count(values.maxUses),
      maxUsesPerCustomer: count(values.maxUsesPerCustomer),
      minOrderKobo: nairaInputToKobo(values.minOrder) ?? 0,
    });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    create.mutate(parsed.data);
  };
  const targets =
    values.scope === 'category'
      ? catalogue.categories.map((c) => ({ value: c.id, label: c.name }))
      : catalogue.productGroups.map((g) => ({ value: g.id, label: g.name }));
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Create Promo Code">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Code" required placeholder="e.g. SAVE10" {...bind('code')} />
        <SelectField
          label="Discount"
          options={[
            { value: 'percent', label: 'Percentage off' },
            { value: 'fixed', label: 'Naira off' },
          ]}
          {...bind('kind')}
        />
        <TextField
          label={values.kind === 'percent' ? 'Percent off' : 'Naira off (₦)'}
          required
          inputMode="decimal"
          {...bind('off')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Applies to"
          options={PROMO_SCOPES.map((s) => ({ value: s, label: scopeLabels[s] }))}
          {...bind('scope')}
        />
        {values.scope === 'all' ? null : (
          <SelectField
            label={values.scope === 'category' ? 'Category' : 'Product template'}
            placeholder="Choose one"
            options={targets}
            {...bind('target')}
          />
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <TextField label="Starts" type="datetime-local" hint="Blank: now." {...bind('startsAt')} />
        <TextField label="Ends" type="datetime-local" hint="Blank: never." {...bind('endsAt')} />
        <TextField
          label="Uses in all"
          inputMode="numeric"
          placeholder="No limit"
          {...bind('maxUses')}
        />
        <TextField
          label="Uses per customer"
          inputMode="numeric"
          placeholder="No limit"
          {...bind('maxUsesPerCustomer')}
        />
        <TextField
          label="Minimum order (₦)"
          inputMode="decimal"
          placeholder="None"
          {...bind('minOrder')}
        />
      </div>
      <FormError message={error} />
      <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
        {create.isPending ? 'Saving...' : 'Create Promo Code'}
      </Button>
    </form>
  );
}
