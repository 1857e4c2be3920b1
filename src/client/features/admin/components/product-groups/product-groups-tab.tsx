// The Templates tab: the Create Template form, every template (archived too) with its stock, and the edit modal.
import { useState } from 'react';
import {
  isLowStock,
  type AdminCatalogue,
  type AdminProductGroup,
} from '../../../../../shared/admin-catalogue.ts';
import { formatNaira } from '../../../../../shared/money.ts';
import { useCreateProductGroup, useUpdateProductGroup } from '../../api/product-group-mutations.ts';
import { useAdminStats } from '../../api/use-admin-stats.ts';
import { EditDialog } from '../../../../components/ui/admin-dialog.tsx';
import { ActionsCell, Cell, DataTable, EmptyState, Row } from '../data-table.tsx';
import { Panel } from '../form-extras.tsx';
import { ActiveBadge, Badge } from '../status-badge.tsx';
import { ProductGroupActions } from './product-group-actions.tsx';
import { ProductGroupForm } from './product-group-form.tsx';

const columns = ['Name', 'Category', 'Price', 'Stock', 'Sold', 'Status', 'Actions'];

export function ProductGroupsTab({ catalogue }: { catalogue: AdminCatalogue }) {
  const [editing, setEditing] = useState<AdminProductGroup | null>(null);
  const create = useCreateProductGroup();
  const update = useUpdateProductGroup(() => setEditing(null));
  const threshold = useAdminStats().data?.lowStockThreshold;
  return (
    <div className="space-y-6">
      <Panel
        title="Create Template"
        description="A product group customers buy from; add accounts to it on the Add Product and Bulk Upload tabs."
      >
        <ProductGroupForm
          categories={catalogue.categories}
          submitLabel="Create Template"
          isPending={create.isPending}
          onSubmit={create.mutateAsync}
        />
      </Panel>
      <Panel
        title="Product Templates"
        description={`${catalogue.productGroups.length} templates, archived ones included.`}
      >
        {catalogue.productGroups.length === 0 ? (
          <EmptyState>No product templates yet. Create the first one above.</EmptyState>
        ) : (
          <DataTable columns={columns} caption="Product templates">
            {catalogue.productGroups.map((t) => (
              <Row key={t.id}>
                <Cell label="Name" isTitle>
                  {t.name}
                </Cell>
                <Cell label="Category">{t.categoryName}</Cell>
                <Cell label="Price">{formatNaira(t.priceKobo)}</Cell>
                <Cell label="Stock">
                  <span className="inline-flex items-center gap-2">
                    {t.stockCount}
                    {isLowStock(t.stockCount, threshold) ? (
                      <Badge tone="amber">Low stock</Badge>
                    ) : null}
                  </span>
                </Cell>
                <Cell label="Sold">{t.soldCount}</Cell>
                <Cell label="Status">
                  <ActiveBadge isActive={t.isActive} inactiveLabel="Archived" />
                </Cell>
                <ActionsCell>
                  <ProductGroupActions productGroup={t} onEdit={() => setEditing(t)} />
                </ActionsCell>
              </Row>
            ))}
          </DataTable>
        )}
      </Panel>
      <EditDialog
        item={editing}
        onClose={() => setEditing(null)}
        title="Edit Product Template"
        isBusy={update.isPending}
      >
        {(productGroup) => (
          <ProductGroupForm
            categories={catalogue.categories}
            productGroup={productGroup}
            submitLabel="Save Changes"
            isPending={update.isPending}
            onSubmit={(body) => update.mutateAsync({ id: productGroup.id, body })}
          />
        )}
      </EditDialog>
    </div>
  );
}
