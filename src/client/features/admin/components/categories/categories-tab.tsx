// The Categories tab: create form, every category (inactive too) with its template count, edit modal, delete.
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AdminCategory } from '../../../../../shared/admin-catalogue.ts';
import { Button } from '../../../../components/ui/button.tsx';
import {
  useCreateCategory,
  useDeleteCategory,
  useUpdateCategory,
} from '../../api/category-mutations.ts';
import { EditDialog } from '../../../../components/ui/admin-dialog.tsx';
import { ConfirmAction } from '../confirm-action.tsx';
import { ActionsCell, Cell, DataTable, EmptyState, Row } from '../data-table.tsx';
import { Panel } from '../form-extras.tsx';
import { ActiveBadge } from '../status-badge.tsx';
import { CategoryForm } from './category-form.tsx';

const columns = ['Name', 'ID', 'Description', 'Templates', 'Status', 'Actions'];

export function CategoriesTab({ categories }: { categories: AdminCategory[] }) {
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  const create = useCreateCategory();
  const update = useUpdateCategory(() => setEditing(null));
  const remove = useDeleteCategory();
  return (
    <div className="space-y-6">
      <Panel
        title="Create Category"
        description="The ID is the name in lower case with hyphens; it appears in the category's address."
      >
        <CategoryForm
          submitLabel="Create Category"
          isPending={create.isPending}
          onSubmit={({ name, description }) => create.mutateAsync({ name, description })}
        />
      </Panel>
      <Panel
        title="Categories"
        description={`${categories.length} categories, inactive ones included.`}
      >
        {categories.length === 0 ? (
          <EmptyState>No categories yet. Create the first one above.</EmptyState>
        ) : (
          <DataTable columns={columns} caption="Categories">
            {categories.map((c) => (
              <Row key={c.id}>
                <Cell label="Name" isTitle>
                  {c.name}
                </Cell>
                <Cell label="ID" className="font-mono text-xs">
                  {c.id}
                </Cell>
                <Cell label="Description" className="text-muted-foreground md:max-w-xs">
                  {c.description || '—'}
                </Cell>
                <Cell label="Templates">{c.productGroupCount}</Cell>
                <Cell label="Status">
                  <ActiveBadge isActive={c.isActive} inactiveLabel="Inactive" />
                </Cell>
                <ActionsCell>
                  <Button size="sm" variant="outline" onClick={() => setEditing(c)}>
                    <Pencil className="h-4 w-4" aria-hidden /> Edit
                  </Button>
                  <ConfirmAction
                    icon={Trash2}
                    label="Delete"
                    disabled={remove.isPending}
                    title="Delete this category?"
                    description={`'${c.name}' will be removed for good. A category that still has product templates cannot be deleted.`}
                    destructive
                    onConfirm={() => remove.mutate(c.id)}
                  />
                </ActionsCell>
              </Row>
            ))}
          </DataTable>
        )}
      </Panel>
      <EditDialog
        item={editing}
        onClose={() => setEditing(null)}
        title="Edit Category"
        isBusy={update.isPending}
      >
        {(category) => (
          <CategoryForm
            category={category}
            submitLabel="Save Changes"
            isPending={update.isPending}
            onSubmit={(input) => update.mutateAsync({ id: category.id, ...input })}
          />
        )}
      </EditDialog>
    </div>
  );
}
