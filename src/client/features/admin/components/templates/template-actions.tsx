// One template's buttons: Edit, Export CSV, and Archive / Restore / Delete, each confirmed first.
import { Archive, Download, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import type { AdminTemplate } from '../../../../../shared/admin-catalogue.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { templateExportUrl, useArchiveTemplate, useDeleteTemplate, useRestoreTemplate } from '../../api/template-mutations.ts';
import { ConfirmAction } from '../confirm-action.tsx';

type Props = { template: AdminTemplate; onEdit: () => void };

export function TemplateActions({ template, onEdit }: Props) {
  const archive = useArchiveTemplate();
  const restore = useRestoreTemplate();
  const remove = useDeleteTemplate();
  const name = `'${template.name}'`;
  return (
    <>
      <Button size="sm" variant="outline" onClick={onEdit}>
        <Pencil className="h-4 w-4" aria-hidden /> Edit
      </Button>
      <Button size="sm" variant="outline" asChild>
        <a href={templateExportUrl(template.id)} download>
          <Download className="h-4 w-4" aria-hidden /> Export CSV
        </a>
      </Button>
      {template.isActive ? (
        <ConfirmAction
          trigger={
            <Button size="sm" variant="outline" disabled={archive.isPending}>
              <Archive className="h-4 w-4" aria-hidden /> Archive
            </Button>
          }
          title="Archive this product template?"
          description={`${name} will be hidden from customers. Existing orders keep it, and you can restore it later.`}
          confirmLabel="Archive"
          onConfirm={() => archive.mutate(template.id)}
        />
      ) : (
        <ConfirmAction
          trigger={
            <Button size="sm" variant="outline" disabled={restore.isPending}>
              <RotateCcw className="h-4 w-4" aria-hidden /> Restore
            </Button>
          }
          title="Restore this product template?"
          description={`${name} will be visible to customers again.`}
          confirmLabel="Restore"
          onConfirm={() => restore.mutate(template.id)}
        />
      )}
      {template.isActive ? (
        <ConfirmAction
          trigger={
            <Button size="sm" variant="destructive" disabled={remove.isPending}>
              <Trash2 className="h-4 w-4" aria-hidden /> Delete
            </Button>
          }
          title="Delete this product template?"
          description={`${name} will be removed for good. Templates with orders or accounts cannot be deleted: archive them instead.`}
          confirmLabel="Delete"
          destructive
          onConfirm={() => remove.mutate(template.id)}
        />
      ) : null}
    </>
  );
}
