// The Products tab: every account (no credentials), filtered and paged 50 at a time, with View, Edit and Delete.
import { useState } from 'react';
import type { AdminAccount, AdminProductGroup } from '../../../../../shared/admin-catalogue.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { ACCOUNTS_PAGE_SIZE, useAdminAccounts } from '../../api/use-admin-accounts.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { Panel } from '../form-extras.tsx';
import { QueryState } from '../query-state.tsx';
import { AccountDetailsDialog } from './account-details-dialog.tsx';
import { AccountFilters, type FilterValues } from './account-filters.tsx';
import { AccountsTable } from './accounts-table.tsx';
import { EditAccountDialog } from './edit-account-dialog.tsx';

export function ProductsTab({ productGroups }: { productGroups: AdminProductGroup[] }) {
  const [filters, setFilters] = useState<FilterValues>({
    productGroupId: '',
    status: '',
    search: '',
  });
  const [page, setPage] = useState(0);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [editing, setEditing] = useState<AdminAccount | null>(null);
  const search = useDebouncedValue(filters.search);
  const list = useAdminAccounts({ ...filters, search, page });

  const total = list.data?.total ?? 0;
  const first = total === 0 ? 0 : page * ACCOUNTS_PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * ACCOUNTS_PAGE_SIZE);
  return (
    <Panel
      title="Products"
      description="Every account in stock and sold. Credentials show only in an account's details."
    >
      <AccountFilters
        productGroups={productGroups}
        values={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(0);
        }}
      />
      <div className="mt-5">
        <QueryState
          query={list}
          loading="Loading accounts..."
          isEmpty={(d) => d.accounts.length === 0}
          empty="No accounts match these filters."
        >
          {(d) => <AccountsTable accounts={d.accounts} onView={setViewingId} onEdit={setEditing} />}
        </QueryState>
      </div>
      <nav
        aria-label="Account pages"
        className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
      >
        <p className="text-muted-foreground" aria-live="polite">
          {total === 0 ? 'No accounts' : `Showing ${first}–${last} of ${total} accounts`}
        </p>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={page === 0}
            onClick={() => setPage((p) => p - 1)}
          >
            Previous
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={last >= total}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
          </Button>
        </div>
      </nav>
      <AccountDetailsDialog accountId={viewingId} onClose={() => setViewingId(null)} />
      <EditAccountDialog account={editing} onClose={() => setEditing(null)} />
    </Panel>
  );
}
