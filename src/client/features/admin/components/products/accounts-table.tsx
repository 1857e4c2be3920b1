// The accounts list of the Products tab; sold accounts belong to orders, so they offer View only.
import { Eye, Pencil, Trash2 } from 'lucide-react';
import type { AdminAccount } from '../../../../../shared/admin-catalogue.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { useDeleteAccount } from '../../api/account-mutations.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { ConfirmAction } from '../confirm-action.tsx';
import { ActionsCell, Cell, DataTable, Row } from '../data-table.tsx';
import { AccountStatusBadge } from '../status-badge.tsx';

const columns = ['Username', 'E-mail', 'Template', 'Status', 'Created', 'Actions'];

type Props = {
  accounts: AdminAccount[];
  onView: (id: string) => void;
  onEdit: (account: AdminAccount) => void;
};

export function AccountsTable({ accounts, onView, onEdit }: Props) {
  const remove = useDeleteAccount();
  return (
    <DataTable columns={columns} caption="Accounts">
      {accounts.map((a) => (
        <Row key={a.id}>
          <Cell label="Username" isTitle className="break-all">
            {a.username}
          </Cell>
          <Cell label="E-mail" className="break-all md:whitespace-nowrap md:break-normal">
            {a.email ?? '—'}
          </Cell>
          <Cell label="Template">{a.productGroupName}</Cell>
          <Cell label="Status">
            <AccountStatusBadge status={a.status} />
          </Cell>
          <Cell label="Created" className="whitespace-nowrap text-muted-foreground">
            {formatDateTime(a.createdAt)}
          </Cell>
          <ActionsCell>
            <Button size="sm" variant="outline" onClick={() => onView(a.id)}>
              <Eye className="h-4 w-4" aria-hidden /> View
            </Button>
            {a.orderId ? null : (
              <>
                <Button size="sm" variant="outline" onClick={() => onEdit(a)}>
                  <Pencil className="h-4 w-4" aria-hidden /> Edit
                </Button>
                <ConfirmAction
                  icon={Trash2}
                  label="Delete"
                  disabled={remove.isPending}
                  title="Delete this account?"
                  description={`'${a.username}' will be removed from '${a.productGroupName}' and its stock recounted.`}
                  destructive
                  onConfirm={() => remove.mutate(a.id)}
                />
              </>
            )}
          </ActionsCell>
        </Row>
      ))}
    </DataTable>
  );
}
