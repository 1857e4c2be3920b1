// The admin console's Users tab: newest users or a search by e-mail/name, with View and Adjust Balance per row.
import { useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { adminUserMessages, type AdminUser } from '../../../../../shared/admin-users.ts';
import { formatNaira } from '../../../../../shared/money.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { inputClass } from '../../../../components/ui/field.tsx';
import { ActionsCell, Cell, DataTable, Row } from '../data-table.tsx';
import { Panel } from '../form-extras.tsx';
import { QueryState } from '../query-state.tsx';
import { Badge } from '../status-badge.tsx';
import { adminUsersKey, fetchAdminUsers, useAdminUsers } from './admin-users-api.ts';
import { BalanceAdjustmentDialog } from './balance-adjustment-dialog.tsx';
import { UserDetailsDialog } from './user-details-dialog.tsx';

const plural = (n: number) => `${n} user${n === 1 ? '' : 's'}`;

export function UsersTab() {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [isSearching, setIsSearching] = useState(false);
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  const [adjusting, setAdjusting] = useState<AdminUser | null>(null);
  const list = useAdminUsers(search);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const term = draft.trim();
    if (!term) {
      toast.error(adminUserMessages.searchRequired);
      return;
    }
    setIsSearching(true);
    try {
      const result = await queryClient.fetchQuery({
        queryKey: adminUsersKey(term),
        queryFn: () => fetchAdminUsers(term),
      });
      setSearch(term);
      toast.success(adminUserMessages.searchComplete(result.users.length));
    } catch (err) {
      toast.error('Search failed', { description: err instanceof Error ? err.message : undefined });
    } finally {
      setIsSearching(false);
    }
  };

  const clear = () => {
    setDraft('');
    setSearch('');
  };

  const users = list.data?.users ?? [];
  const count = search
    ? `${plural(users.length)} matching “${search}”`
    : list.data
      ? plural(list.data.total)
      : '';

  return (
    <Panel title="Users" description={count || 'Customers and admins, newest first.'}>
      <form role="search" onSubmit={submit} className="mb-4 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="admin-user-search" className="sr-only">
          Search users
        </label>
        <input
          id="admin-user-search"
          type="search"
          className={inputClass}
          placeholder="Search by email or name"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={isSearching} className="flex-1 sm:flex-none">
            <Search className="h-4 w-4" aria-hidden /> Search
          </Button>
          {search ? (
            <Button variant="outline" onClick={clear} className="flex-1 sm:flex-none">
              Show all
            </Button>
          ) : null}
        </div>
      </form>
      <QueryState
        query={list}
        loading="Loading users..."
        isEmpty={(d) => d.users.length === 0}
        empty="No users found."
      >
        {(d) => (
          <>
            <DataTable
              caption="Users"
              columns={['Email', 'Name', 'Role', 'Balance', 'Referrals', 'Actions']}
            >
              {d.users.map((u) => (
                <Row key={u.id}>
                  <Cell label="Email" className="[overflow-wrap:anywhere]">
                    {u.isDeleted ? 'Deleted account' : u.email}
                  </Cell>
                  <Cell label="Name">{u.fullName}</Cell>
                  <Cell label="Role">
                    <Badge tone={u.isAdmin ? 'violet' : 'gray'}>
                      {u.isDeleted ? 'Deleted' : u.role}
                    </Badge>
                  </Cell>
                  <Cell label="Balance" className="tabular-nums">
                    {formatNaira(u.walletBalanceKobo)}
                  </Cell>
                  <Cell label="Referrals" className="tabular-nums">
                    {u.referrals.referralCount} · {formatNaira(u.referrals.earnedKobo)} earned
                  </Cell>
                  <ActionsCell>
                    <Button size="sm" variant="outline" onClick={() => setViewing(u)}>
                      View
                    </Button>
                    {/* A deleted account takes no new money; a balance it left can still be paid out. */}
                    {!u.isDeleted || u.walletBalanceKobo > 0 ? (
                      <Button size="sm" onClick={() => setAdjusting(u)}>
                        Adjust Balance
                      </Button>
                    ) : null}
                  </ActionsCell>
                </Row>
              ))}
            </DataTable>
            {!search && d.total > d.users.length ? (
              <p className="mt-3 text-xs text-muted-foreground">
                Showing the newest {d.users.length}; search to find anyone else.
              </p>
            ) : null}
          </>
        )}
      </QueryState>
      {viewing ? <UserDetailsDialog user={viewing} onClose={() => setViewing(null)} /> : null}
      {adjusting ? (
        <BalanceAdjustmentDialog user={adjusting} onClose={() => setAdjusting(null)} />
      ) : null}
    </Panel>
  );
}
