// A panel of top-ups that need an admin's eye (pending, failed, expired), each with Re-check (the server asks the
// provider now, and credits a late success once).
import { useQueries } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type {
  AdminPayment,
  AdminPaymentList,
  RecheckPaymentResult,
} from '../../../../../shared/admin-users.ts';
import { formatNaira } from '../../../../../shared/money.ts';
import { api } from '../../../../lib/api.ts';
import { useAdminMutation } from '../../api/admin-mutation.ts';
import { ActionsCell, Cell, DataTable, Row } from '../data-table.tsx';
import { RowActionButton } from '../row-action-button.tsx';
import { Panel } from '../form-extras.tsx';
import { QueryState, type QueryView } from '../query-state.tsx';
import { Badge, type BadgeTone } from '../status-badge.tsx';
import { formatDateTime } from '../../../../lib/format-date.ts';

const STATUSES = ['pending', 'failed', 'expired'] as const;
const statusTones: Record<AdminPayment['status'], BadgeTone> = {
  pending: 'amber',
  failed: 'gray',
  expired: 'gray',
  completed: 'green',
};

export function PaymentsAttention() {
  // The three lists as one view: loading until all arrive, the first failure shown, Retry refetches all three.
  const attention = useQueries({
    queries: STATUSES.map((status) => ({
      queryKey: ['admin', 'payments', status],
      queryFn: () => api<AdminPaymentList>(`/api/admin/payments?status=${status}`),
    })),
    combine: (lists): QueryView<AdminPayment[]> => ({
      isPending: lists.some((l) => l.isPending),
      error: lists.find((l) => l.isError)?.error ?? null,
      data: lists
        .flatMap((l) => l.data?.payments ?? [])
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
      refetch: () => lists.forEach((l) => void l.refetch()),
    }),
  });
  const recheck = useAdminMutation({
    mutationFn: (id: string) =>
      api<RecheckPaymentResult>(`/api/admin/payments/${encodeURIComponent(id)}/recheck`, {
        method: 'POST',
      }),
    fallbackError: 'Re-check failed',
  });

  return (
    <Panel
      title="Top-ups Needing Attention"
      description="Pending, failed and expired top-ups (not the ones the customer cancelled at checkout). Pending ones are re-checked automatically until they expire, failed and expired ones for seven days more."
    >
      <QueryState
        query={attention}
        loading="Loading payments..."
        isEmpty={(p) => p.length === 0}
        empty="No pending, failed or expired top-ups."
      >
        {(payments) => (
          <DataTable
            caption="Top-ups needing attention"
            columns={[
              'Reference',
              'User',
              'Amount',
              'Status',
              'Why',
              'Attempts',
              'Created',
              'Actions',
            ]}
          >
            {payments.map((p) => (
              <Row key={p.id}>
                <Cell label="Reference">
                  <span className="min-w-0 break-all font-mono text-xs">{p.reference}</span>
                </Cell>
                <Cell label="User" className="break-all">
                  {p.userEmail}
                </Cell>
                <Cell label="Amount" className="tabular-nums">
                  {formatNaira(p.amountKobo)}
                </Cell>
                <Cell label="Status">
                  <span title={p.statusMessage ?? undefined}>
                    <Badge tone={statusTones[p.status]}>{p.status}</Badge>
                  </span>
                </Cell>
                <Cell label="Why" className="min-w-0 break-words text-xs text-muted-foreground">
                  {p.statusMessage ?? '—'}
                </Cell>
                <Cell label="Attempts">{p.checkAttempts}</Cell>
                <Cell label="Created" className="whitespace-nowrap">
                  {formatDateTime(p.createdAt)}
                </Cell>
                <ActionsCell>
                  <RowActionButton mutation={recheck} id={p.id} label={`Re-check ${p.reference}`}>
                    <RefreshCw className="h-4 w-4" aria-hidden /> Re-check
                  </RowActionButton>
                </ActionsCell>
              </Row>
            ))}
          </DataTable>
        )}
      </QueryState>
    </Panel>
  );
}
