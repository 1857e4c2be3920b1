// The E-mail tab: messages the store could not deliver (given up, or failing and waiting to retry), each with
// Retry, and Retry all after an outage. Bodies are never fetched: credentials e-mails stay sealed; recipient, subject and error are enough.
import { RotateCw } from 'lucide-react';
import type { AdminEmail } from '../../../../../shared/admin-emails.ts';
import { useAdminEmails, useRetryEmail, useRetryFailedEmails } from '../../api/admin-emails.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { ActionsCell, Cell, DataTable, Row } from '../data-table.tsx';
import { RowActionButton } from '../row-action-button.tsx';
import { Panel } from '../form-extras.tsx';
import { QueryState } from '../query-state.tsx';
import { Badge } from '../status-badge.tsx';
import { formatDateTime } from '../../../../lib/format-date.ts';

const stateLabels: Record<AdminEmail['state'], string> = { failed: 'Failed', retrying: 'Retrying' };

export function EmailFailuresTab() {
  const emails = useAdminEmails();
  const retry = useRetryEmail();
  const retryAll = useRetryFailedEmails();
  const waiting = emails.data?.emails.length ?? 0;
  return (
    <Panel
      title="E-mail Delivery Problems"
      description="E-mails the store could not send. Retrying ones are tried again automatically for a day; Retry sends one now, Retry all sends every one now, and a failed one gets one more attempt."
      actions={
        waiting > 0 ? (
          <Button
            size="sm"
            disabled={retryAll.isPending}
            onClick={() => retryAll.mutate()}
            className="whitespace-nowrap"
          >
            <RotateCw className="h-4 w-4" aria-hidden /> Retry all ({waiting})
          </Button>
        ) : null
      }
    >
      <QueryState
        query={emails}
        loading="Loading e-mails..."
        isEmpty={(d) => d.emails.length === 0}
        empty="Every e-mail was delivered."
      >
        {({ emails: list }) => (
          <DataTable
            caption="E-mails that could not be delivered"
            columns={[
              'Recipient',
              'Subject',
              'Status',
              'Attempts',
              'Last error',
              'Next try',
              'Actions',
            ]}
          >
            {list.map((e) => (
              <Row key={e.id}>
                <Cell label="Recipient" className="break-all">
                  {e.to}
                </Cell>
                <Cell label="Subject">{e.subject}</Cell>
                <Cell label="Status">
                  <Badge tone={e.state === 'failed' ? 'gray' : 'amber'}>
                    {stateLabels[e.state]}
                  </Badge>
                </Cell>
                <Cell label="Attempts" className="tabular-nums">
                  {e.attempts}
                </Cell>
                <Cell label="Last error" className="min-w-0 break-words md:max-w-xs md:text-xs">
                  {e.lastError ?? '—'}
                </Cell>
                <Cell label="Next try" className="whitespace-nowrap">
                  {e.nextAttemptAt ? formatDateTime(e.nextAttemptAt) : 'Not scheduled'}
                </Cell>
                <ActionsCell>
                  <RowActionButton
                    mutation={retry}
                    id={e.id}
                    label={`Retry e-mail to ${e.to}: ${e.subject}`}
                  >
                    <RotateCw className="h-4 w-4" aria-hidden /> Retry
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
