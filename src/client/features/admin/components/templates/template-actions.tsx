// One template's buttons: Edit, Export CSV, and Archive / Restore / Delete, each confirmed first.
import { Archive, Download, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import type { AdminProductGroup } from '../../../../../shared/admin-catalogue.ts';
import { Button } from '../../../../components/ui/button.tsx';
import {
  productGroupExportUrl,
  useArchiveProductGroup,
  useDeleteProductGroup,
  useRestoreProductGroup,
} from '../../api/product-group-mutations.ts';
import { ConfirmAction } from '../confirm-action.tsx';

type Props = { template: AdminProductGroup; onEdit: () => void };

export function TemplateActions({ template, onEdit }: Props) {
  const archive = useArchiveProductGroup();
  const restore = useRestoreProductGroup();
  const remove = useDeleteProductGroup();
  const name = `'${template.name}'`;
  return (
    <>
      <Button size="sm" variant="outline" onClick={onEdit}>
        <Pencil className="h-4 w-4" aria-hidden /> Edit
      </Button>
      <Button size="sm" variant="outline" asChild>
        <a href={productGroupExportUrl(template.id)} download>
          <Download className="h-4 w-4" aria-hidden /> Export CSV
        </a>
      </Button>
      {template.isActive ? (
        <ConfirmAction
          icon={Archive}
          label="Archive"
          disabled={archive.isPending}
          title="Archive this product template?"
          description={`${name} will be hidden from customers. Existing orders keep it, and you can restore it later.`}
          onConfirm={() => archive.mutate(template.id)}
        />
      ) : (
        <ConfirmAction
          icon={RotateCcw}
          label="Restore"
          disabled={restore.isPending}
          title="Restore this product template?"
          description={`${name} will be visible to customers again.`}
          onConfirm={() => restore.mutate(template.id)}
        />
      )}
      {template.isActive ? (
        <ConfirmAction
          icon={Trash2}
          label="Delete"
          disabled={remove.isPending}
          title="Delete this product template?"
          description={`${name} will be removed for good. Templates with orders or accounts cannot be deleted: archive them instead.`}
          destructive
          onConfirm={() => remove.mutate(template.id)}
        />
      ) : null}
    </>
  );
}
