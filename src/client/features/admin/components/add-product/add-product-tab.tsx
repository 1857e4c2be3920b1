// The Add Product tab: one account typed in by hand; the server files it under the category's template named by the title.
import type { FormEvent } from 'react';
import {
  addAccountSchema,
  adminMessages,
  type AddAccountInput,
  type AdminCategory,
} from '../../../../../shared/admin-catalogue.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { TextField } from '../../../../components/ui/form-controls.tsx';
import { useAddAccount } from '../../api/account-mutations.ts';
import { firstIssue, nairaInputToKobo, type Details } from '../../lib/form-values.ts';
import { useAdminForm } from '../../lib/use-admin-form.ts';
import { CategoryAndPriceFields } from '../product-groups/product-group-form.tsx';
import { FormError, Panel } from '../form-extras.tsx';
import { AccountEmailField, SecretField, UsernameField } from '../products/account-fields.tsx';

const empty = {
  title: '',
  categoryId: '',
  price: '',
  username: '',
  password: '',
  email: '',
  emailPassword: '',
  twoFaCode: '',
  followers: '',
};
type Values = typeof empty;

export function AddProductTab({ categories }: { categories: AdminCategory[] }) {
  const { values, setValues, error, setError, bind } = useAdminForm<Values>(empty);
  const add = useAddAccount(() => setValues(empty));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const priceKobo = nairaInputToKobo(values.price);
    if (Number.isNaN(priceKobo)) return setError(adminMessages.invalidPrice);
    const followers = values.followers.trim();
    if (followers !== '' && !/^\d+$/.test(followers))
      return setError('Followers must be a whole number');
    const { price: _price, followers: _followers, ...rest } = values;
    const details: Details = followers ? { followers: Number(followers) } : {};
    const input: AddAccountInput = { ...rest, priceKobo, details };
    const parsed = addAccountSchema.safeParse(input);
    if (!parsed.success) return setError(firstIssue(parsed.error));
    add.mutate(input);
  };

  return (
    <Panel
      title="Add Product"
      description="Adds one account to the category's template whose name matches the title; otherwise to '{Category} - General', created with this price when missing."
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Add Product">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Title"
            required
            maxLength={120}
            hint="The account joins the template of this name"
            {...bind('title')}
          />
          <CategoryAndPriceFields
            categories={categories}
            category={bind('categoryId')}
            price={bind('price')}
          />
          <UsernameField {...bind('username')} />
          <SecretField label="Password" required {...bind('password')} />
          <AccountEmailField hint="Optional" {...bind('email')} />
          <SecretField label="Email Password" {...bind('emailPassword')} />
          <SecretField label="2FA Code" {...bind('twoFaCode')} />
          <TextField
            label="Followers"
            inputMode="numeric"
            hint="Optional; shown to customers"
            {...bind('followers')}
          />
        </div>
        <FormError message={error} />
        <Button type="submit" disabled={add.isPending} className="w-full sm:w-auto">
          {add.isPending ? 'Adding...' : 'Add Product'}
        </Button>
      </form>
    </Panel>
  );
}
