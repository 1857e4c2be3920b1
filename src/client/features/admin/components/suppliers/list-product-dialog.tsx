// Put a supplier's product on sale: our own name, category and price, either fixed (naira) or the supplier's price
// plus a markup (percent, kept in basis points so the price is computed in whole kobo).
import type { FormEvent } from 'react';
import type { AdminCatalogue } from '../../../../../shared/admin-catalogue.ts';
import { formatNaira } from '../../../../../shared/money.ts';
import {
  listSupplierProductSchema,
  markedUpPriceKobo,
  type ListSupplierProduct,
  type SupplierProduct,
} from '../../../../../shared/suppliers.ts';
import { EditDialog } from '../../../../components/ui/admin-dialog.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../../components/ui/form-controls.tsx';
import { useListSupplierProduct } from '../../api/admin-suppliers.ts';
import { firstIssue, nairaInputToKobo } from '../../lib/form-values.ts';
import { useAdminForm } from '../../lib/use-admin-form.ts';
import { FormError } from '../form-extras.tsx';

type Props = {
  supplierId: string;
  product: SupplierProduct | null;
  catalogue: AdminCatalogue;
  onClose: () => void;
};

/** "25" or "12.5" percent → basis points; NaN when it is not a number. */
const basisPoints = (text: string) => Math.round(Number(text.trim()) * 100);

export function ListProductDialog({ supplierId, product, catalogue, onClose }: Props) {
  const list = useListSupplierProduct(onClose);
  return (
    <EditDialog item={product} onClose={onClose} title="List for sale" isBusy={list.isPending}>
      {(p) => (
        <ListProductForm
          product={p}
          catalogue={catalogue}
          isPending={list.isPending}
          onSubmit={(body) => list.mutate({ supplierId, productId: p.id, body })}
        />
      )}
    </EditDialog>
  );
}

function ListProductForm({
  product,
  catalogue,
  isPending,
  onSubmit,
}: {
  product: SupplierProduct;
  catalogue: AdminCatalogue;
  isPending: boolean;
  onSubmit: (body: ListSupplierProduct) => void;
}) {
  const { values, error, setError, bind } = useAdminForm({
    name: product.name,
    categoryId: catalogue.categories[0]?.id ?? '',
    priceRule: 'markup',
    markup: '20',
    price: '',
  });
  const markup = basisPoints(values.markup);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = listSupplierProductSchema.safeParse(
      values.priceRule === 'markup'
        ? {
            priceRule: 'markup',
            name: values.name,
            categoryId: values.categoryId,
            markupBasisPoints: markup,
          }
        : {
            priceRule: 'fixed',
            name: values.name,
            categoryId: values.categoryId,
            priceKobo: nairaInputToKobo(values.price),
          },
    );
    if (!parsed.success) return setError(firstIssue(parsed.error));
    onSubmit(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="List for sale">
      <p className="text-sm text-muted-foreground">
        {product.name} at the supplier: {formatNaira(product.priceKobo)}, {product.stockCount} in
        stock.
      </p>
      <TextField label="Name in my store" required {...bind('name')} />
      <SelectField
        label="Category"
        options={catalogue.categories.map((c) => ({ value: c.id, label: c.name }))}
        {...bind('categoryId')}
      />
      <SelectField
        label="Price"
        options={[
          { value: 'markup', label: "The supplier's price plus a markup" },
          { value: 'fixed', label: 'A fixed price' },
        ]}
        {...bind('priceRule')}
      />
      {values.priceRule === 'markup' ? (
        <TextField
          label="Markup (%)"
          inputMode="decimal"
          hint={
            Number.isFinite(markup) && markup >= 0
              ? `Customers pay ${formatNaira(markedUpPriceKobo(product.priceKobo, markup))}.`
              : undefined
          }
          {...bind('markup')}
        />
      ) : (
        <TextField label="Price (₦)" inputMode="decimal" required {...bind('price')} />
      )}
      <FormError message={error} />
      <Button type="submit" disabled={isPending} className="w-full sm:w-auto">
        {isPending ? 'Saving...' : 'List for Sale'}
      </Button>
    </form>
  );
}
