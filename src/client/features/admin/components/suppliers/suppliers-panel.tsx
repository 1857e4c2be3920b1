// Settings → Suppliers: connect a supplier, and for each one its status, our balance there (with a warning when it
// is low), when it was last looked at, Refresh, and its products with their price and stock, each listed for sale
// as a group of ours or ready to be.
import { useState } from 'react';
import type { AdminCatalogue } from '../../../../../shared/admin-catalogue.ts';
import { formatNaira } from '../../../../../shared/money.ts';
import {
  supplierMessages,
  type Supplier,
  type SupplierProduct,
} from '../../../../../shared/suppliers.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { useAdminSuppliers, useRefreshSupplier } from '../../api/admin-suppliers.ts';
import { Cell, DataTable, EmptyState, Row } from '../data-table.tsx';
import { Panel } from '../form-extras.tsx';
import { QueryState } from '../query-state.tsx';
import { RowActionButton } from '../row-action-button.tsx';
import { Badge } from '../status-badge.tsx';
import { ConnectSupplierForm } from './connect-supplier-form.tsx';
import { ListProductDialog } from './list-product-dialog.tsx';
import { WebhookSecretForm } from './webhook-secret-form.tsx';

const statusText = { ok: 'Connected', key_refused: 'Key refused', unreachable: 'Not answering' };

export function SuppliersPanel({ catalogue }: { catalogue: AdminCatalogue }) {
  const suppliers = useAdminSuppliers();
  return (
    <div className="space-y-8">
      <Panel
        title="Connect a Supplier"
        description="Resell another store's stock: its orders are bought there under your account, at once."
      >
        <ConnectSupplierForm />
      </Panel>
      <QueryState query={suppliers} loading="Loading suppliers...">
        {({ suppliers: list }) =>
          list.length === 0 ? (
            <EmptyState>No suppliers yet.</EmptyState>
          ) : (
            <>
              {list.map((s) => (
                <SupplierCard key={s.id} supplier={s} catalogue={catalogue} />
              ))}
            </>
          )
        }
      </QueryState>
    </div>
  );
}

function SupplierCard({
  supplier: s,
  catalogue,
}: {
  supplier: Supplier;
  catalogue: AdminCatalogue;
}) {
  const refresh = useRefreshSupplier();
  const [listing, setListing] = useState<SupplierProduct | null>(null);
  return (
    <Panel
      title={s.name}
      description={
        <>
          {s.baseUrl} · key …{s.keyHint} ·{' '}
          {s.lastCheckedAt ? `checked ${formatDateTime(s.lastCheckedAt)}` : 'not checked yet'}
        </>
      }
      actions={
        <RowActionButton mutation={refresh} id={s.id} label={`Refresh ${s.name}`}>
          Refresh
        </RowActionButton>
      }
    >
      <div className="mb-4 flex flex-wrap items-center gap-3 text-sm">
        <Badge tone={s.status === 'ok' ? 'green' : 'amber'}>{statusText[s.status]}</Badge>
        <span>
          My balance there:{' '}
          <strong>{s.balanceKobo === null ? '—' : formatNaira(s.balanceKobo)}</strong>
        </span>
        {s.lastError ? <span className="text-destructive">{s.lastError}</span> : null}
      </div>
      <WebhookSecretForm supplier={s} />
      {s.balanceLow && s.balanceKobo !== null ? (
        <p
          role="alert"
          className="mb-4 rounded-md bg-amber-100 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          {supplierMessages.lowBalance(formatNaira(s.balanceKobo))}
        </p>
      ) : null}
      {s.products.length === 0 ? (
        <EmptyState>This supplier offers no products.</EmptyState>
      ) : (
        <DataTable
          caption={`Products of ${s.name}`}
          columns={['Product', 'Category', 'Supplier price', 'Stock', 'In my store', 'Actions']}
        >
          {s.products.map((p) => (
            <Row key={p.id}>
              <Cell label="Product" isTitle>
                {p.name}
              </Cell>
              <Cell label="Category">{p.categoryName}</Cell>
              <Cell label="Supplier price">{formatNaira(p.priceKobo)}</Cell>
              <Cell label="Stock">{p.offered ? p.stockCount : 'No longer offered'}</Cell>
              <Cell label="In my store">
                {p.listing
                  ? `${p.listing.name}, ${formatNaira(p.listing.priceKobo)}${
                      p.listing.markupBasisPoints !== null
                        ? ` (+${p.listing.markupBasisPoints / 100}%)`
                        : ''
                    }`
                  : '—'}
              </Cell>
              <Cell label="Actions">
                {p.listing ? null : (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setListing(p)}
                    aria-label={`List ${p.name} for sale`}
                  >
                    List for Sale
                  </Button>
                )}
              </Cell>
            </Row>
          ))}
        </DataTable>
      )}
      <ListProductDialog
        supplierId={s.id}
        product={listing}
        catalogue={catalogue}
        onClose={() => setListing(null)}
      />
    </Panel>
  );
}
