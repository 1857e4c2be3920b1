// The Orders tab: every order, newest first, searched and filtered on the server, totals of the filtered
// set, and a CSV of exactly that set (a plain link: the browser streams the download).
import { Download } from 'lucide-react';
import { useState } from 'react';
import { formatNaira } from '../../../../../shared/money.ts';
import { ORDER_STATUSES } from '../../../../../shared/orders.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../../components/ui/form-controls.tsx';
import { querySearch, useAdminOrders } from '../../api/admin-orders.ts';
import { useAdminCatalogue } from '../../api/use-admin-catalogue.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { EmptyState } from '../data-table.tsx';
import { Panel } from '../form-extras.tsx';
import { Pager } from '../pager.tsx';
import { QueryState } from '../query-state.tsx';
import { OrdersTable } from './orders-table.tsx';

const statusOptions = ORDER_STATUSES.map((s) => ({
  value: s,
  label: s[0]!.toUpperCase() + s.slice(1),
}));

export function OrdersTab() {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState({
    status: '',
    category: '',
    from: '',
    to: '',
    promoCode: '',
  });
  const [offset, setOffset] = useState(0);
  const debounced = useDebouncedValue(search, 300).trim();
  const categories = useAdminCatalogue().data?.categories ?? [];
  const query = { search: debounced || undefined, ...filters };
  const orders = useAdminOrders({ ...query, offset });
  const set = (key: keyof typeof filters) => (e: { target: { value: string } }) => {
    setFilters((f) => ({ ...f, [key]: e.target.value }));
    setOffset(0);
  };
  return (
    <Panel
      title="Orders"
      description="Every order in the shop, newest first."
      actions={
        <Button asChild size="sm" variant="outline">
          <a href={`/api/admin/orders/export.csv?${querySearch(query)}`} download>
            <Download className="h-4 w-4" aria-hidden /> Export CSV
          </a>
        </Button>
      }
    >
      <div
        className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-6"
        role="search"
        aria-label="Filter orders"
      >
        <TextField
          label="Search"
          type="search"
          placeholder="Order ID, e-mail or username"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setOffset(0);
          }}
        />
        <SelectField
          label="Status"
          placeholder="All statuses"
          options={statusOptions}
          value={filters.status}
          onChange={set('status')}
        />
        <SelectField
          label="Category"
          placeholder="All categories"
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
          value={filters.category}
          onChange={set('category')}
        />
        <TextField label="From" type="date" value={filters.from} onChange={set('from')} />
        <TextField label="To" type="date" value={filters.to} onChange={set('to')} />
        <TextField
          label="Promo code"
          placeholder="Any"
          value={filters.promoCode}
          onChange={set('promoCode')}
        />
      </div>
      <QueryState query={orders} loading="Loading orders...">
        {(data) => (
          <>
            <dl
              aria-label="Totals of these orders"
              className="mb-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4"
            >
              {[
                ['Orders', data.totals.orders.toLocaleString('en-NG')],
                ['Accounts', data.totals.accounts.toLocaleString('en-NG')],
                ['Amount', formatNaira(data.totals.amountKobo)],
                ['Refunded', formatNaira(data.totals.refundedKobo)],
              ].map(([label, value]) => (
                <div key={label} className="rounded-lg border border-border p-3">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="mt-0.5 text-lg font-semibold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            {data.orders.length === 0 ? (
              <EmptyState>No orders match these filters.</EmptyState>
            ) : (
              <>
                <OrdersTable orders={data.orders} />
                <Pager
                  offset={data.offset}
                  shown={data.orders.length}
                  total={data.total}
                  pageSize={data.pageSize}
                  onOffset={setOffset}
                />
              </>
            )}
          </>
        )}
      </QueryState>
    </Panel>
  );
}
