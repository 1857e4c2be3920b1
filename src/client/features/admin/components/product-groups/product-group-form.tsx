// The product template form (create, and the 'Edit Product Template' modal): name, category, naira price, description,
// features, how many accounts one order may hold, and its volume prices.
import type { FormEvent } from 'react';
import {
  adminMessages,
  productGroupInputSchema,
  type AdminCategory,
  type AdminProductGroup,
  type ProductGroupInput,
} from '../../../../../shared/admin-catalogue.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../../components/ui/form-controls.tsx';
import {
  firstIssue,
  koboToNairaInput,
  linesToList,
  linesToVolumePrices,
  nairaInputToKobo,
  volumePricesToLines,
} from '../../lib/form-values.ts';
import { useAdminForm } from '../../lib/use-admin-form.ts';
import { FormError } from '../form-extras.tsx';

type Values = {
  productName: string;
  categoryId: string;
  price: string;
  description: string;
  features: string;
  minOrderQuantity: string;
  maxOrderQuantity: string;
  volumePrices: string;
};

const empty: Values = {
  productName: '',
  categoryId: '',
  price: '',
  description: '',
  features: '',
  minOrderQuantity: '1',
  maxOrderQuantity: '',
  volumePrices: '',
};

function valuesOf(productGroup: AdminProductGroup): Values {
  return {
    productName: productGroup.name,
    categoryId: productGroup.categoryId,
    price: koboToNairaInput(productGroup.priceKobo),
    description: productGroup.description,
    features: productGroup.features.join('\n'),
    minOrderQuantity: String(productGroup.minOrderQuantity),
    maxOrderQuantity:
      productGroup.maxOrderQuantity === null ? '' : String(productGroup.maxOrderQuantity),
    volumePrices: volumePricesToLines(productGroup.volumePrices),
  };
}

/** A typed quantity: blank is "none" (null), anything not a number stays for the schema to refuse. */
const quantityInput = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

export function categoryOptions(categories: AdminCategory[]) {
  return categories.map((c) => ({
    value: c.id,
    label: c.isActive ? c.name : `${c.name} (inactive)`,
  }));
}

type Bound = { name: string; value: string; onChange: (e: { target: { value: string } }) => void };

/** A template's category (inactive ones marked) and naira price; the Add Product tab asks for them too. */
export function CategoryAndPriceFields({
  categories,
  category,
  price,
}: {
  categories: AdminCategory[];
  category: Bound;
  price: Bound;
}) {
  return (
    <>
      <SelectField
        label="Category"
        required
        options={categoryOptions(categories)}
        placeholder="Select a category"
        {...category}
      />
      <TextField
        label="Price (₦)"
        required
        inputMode="decimal"
        placeholder="e.g. 2500"
        {...price}
      />
    </>
  );
}

type Props = {
  categories: AdminCategory[];
  /** Absent: a new template (the form empties after it is created). */
  productGroup?: AdminProductGroup;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (input: ProductGroupInput) => Promise<unknown>;
};

export function ProductGroupForm({
  categories,
  productGroup,
  submitLabel,
  isPending,
  onSubmit,
}: Props) {
  const { values, setValues, error, setError, bind } = useAdminForm<Values>(() =>
    productGroup ? valuesOf(productGroup) : empty,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const priceKobo = nairaInputToKobo(values.price);
    if (Number.isNaN(priceKobo)) return setError(adminMessages.invalidPrice);
    const input = {
      ...values,
      priceKobo,
      features: linesToList(values.features),
      minOrderQuantity: quantityInput(values.minOrderQuantity) ?? 1,
      maxOrderQuantity: quantityInput(values.maxOrderQuantity),
      volumePrices: linesToVolumePrices(values.volumePrices),
    };
    if (input.volumePrices === null) return setError(adminMessages.volumePrices);
    const parsed = productGroupInputSchema.safeParse(input);
    if (!parsed.success) return setError(firstIssue(parsed.error));
    try {
      await onSubmit(parsed.data);
      if (!productGroup) setValues(empty);
    } catch {
      // The mutation has already toasted the server's message; the typed values stay.
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={submitLabel}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Product Name" required maxLength={120} {...bind('productName')} />
        <CategoryAndPriceFields
          categories={categories}
          category={bind('categoryId')}
          price={bind('price')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextAreaField label="Description" rows={4} maxLength={1000} {...bind('description')} />
        <TextAreaField
          label="Features"
          rows={4}
          hint="One feature per line, e.g. 'Aged 2+ years'."
          {...bind('features')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Minimum per order"
          inputMode="numeric"
          hint="The fewest accounts one order may hold."
          {...bind('minOrderQuantity')}
        />
        <TextField
          label="Maximum per order"
          inputMode="numeric"
          placeholder="No limit"
          hint="Leave blank for no limit of its own."
          {...bind('maxOrderQuantity')}
        />
      </div>
      <TextAreaField
        label="Volume prices"
        rows={3}
        placeholder={'e.g.\n5 = 2000\n10 = 1800'}
        hint="One tier per line: from how many accounts = the naira price of each. Each tier for more accounts at a lower price; blank for none."
        {...bind('volumePrices')}
      />
      <FormError message={error} />
      <Button type="submit" disabled={isPending} className="w-full sm:w-auto">
        {isPending ? 'Saving...' : submitLabel}
      </Button>
    </form>
  );
}
