// The Inbox tab: support, contact and quote messages, newest first, filtered All / New / Handled.
import { useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { useAdminInbox, type InboxFilter } from '../../api/admin-inbox.ts';
import { EmptyState } from '../data-table.tsx';
import { Panel, SegmentedFilter } from '../form-extras.tsx';
import { InboxMessageCard } from './inbox-message-card.tsx';

const filters: { value: InboxFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'new', label: 'New' },
  { value: 'handled', label: 'Handled' },
];

export function InboxTab() {
  const [filter, setFilter] = useState<InboxFilter>('all');
  const inbox = useAdminInbox(filter);
  return (
    <Panel
      title="Inbox"
      description="Messages from the support, contact and web-services quote forms."
      actions={<SegmentedFilter label="Show messages" options={filters} value={filter} onChange={setFilter} />}
    >
      {inbox.isPending ? (
        <p role="status" className="py-6 text-center text-sm text-muted-foreground">
          Loading messages...
        </p>
      ) : inbox.isError ? (
        <div role="alert" className="py-6 text-center text-sm">
          <p className="text-destructive">{inbox.error.message}</p>
          <Button className="mt-3" size="sm" variant="outline" onClick={() => inbox.refetch()}>
            Retry
          </Button>
        </div>
      ) : inbox.data.messages.length === 0 ? (
        <EmptyState>{filter === 'all' ? 'No messages yet.' : `No ${filter} messages.`}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {inbox.data.messages.map((m) => (
            <li key={m.id}>
              <InboxMessageCard message={m} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
