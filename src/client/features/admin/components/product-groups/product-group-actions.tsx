// One template's buttons: Edit, Export CSV, and Archive / Restore / Delete, each confirmed first.
import { Archive, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import type { AdminProductGroup } from '../../../../../shared/admin-catalogue.ts';
import { Button } from '../../../../components/ui/button.tsx';
import {
  useArchiveProductGroup,
  useDeleteProductGroup,
  useRestoreProductGroup,
} from '../../api/product-group-mutations.ts';
import { ConfirmAction } from '../confirm-action.tsx';
import { ExportStockButton } from './export-stock-button.tsx';

type Props = { productGroup: AdminProductGroup; onEdit: () => void };

export function ProductGroupActions({ productGroup, onEdit }: Props) {
  const archive = useArchiveProductGroup();
  const restore = useRestoreProductGroup();
  const remove = useDeleteProductGroup();
  const name = `'${productGroup.name}'`;
  return (
    <>
      <Button size="sm" variant="outline" onClick={onEdit}>
        <Pencil className="h-4 w-4" aria-hidden /> Edit
      </Button>
      <ExportStockButton productGroupId={productGroup.id} />
      {productGroup.isActive ? (
        <ConfirmAction
          icon={Archive}
          label="Archive"
          disabled={archive.isPending}
          title="Archive this product template?"
          description={`${name} will be hidden from customers. Existing orders keep it, and you can restore it later.`}
          onConfirm={() => archive.mutate(productGroup.id)}
        />
      ) : (
        <ConfirmAction
          icon={RotateCcw}
          label="Restore"
          disabled={restore.isPending}
          title="Restore this product template?"
          description={`${name} will be visible to customers again.`}
          onConfirm={() => restore.mutate(productGroup.id)}
        />
      )}
      {productGroup.isActive ? (
        <ConfirmAction
          icon={Trash2}
          label="Delete"
          disabled={remove.isPending}
          title="Delete this product template?"
          description={`${name} will be removed for good. Templates with orders or accounts cannot be deleted: archive them instead.`}
          destructive
          onConfirm={() => remove.mutate(productGroup.id)}
        />
      ) : null}
    </>
  );
}
