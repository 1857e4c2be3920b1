// The Inbox tab: support, contact and quote messages, newest first, filtered All / New / Handled.
import { useState } from 'react';
import { useAdminInbox, type InboxFilter } from '../../api/admin-inbox.ts';
import { Panel, SegmentedFilter } from '../form-extras.tsx';
import { QueryState } from '../query-state.tsx';
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
      actions={
        <SegmentedFilter
          label="Show messages"
          options={filters}
          value={filter}
          onChange={setFilter}
        />
      }
    >
      <QueryState
        query={inbox}
        loading="Loading messages..."
        isEmpty={(d) => d.messages.length === 0}
        empty={filter === 'all' ? 'No messages yet.' : `No ${filter} messages.`}
      >
        {({ messages }) => (
          <ul className="space-y-3">
            {messages.map((m) => (
              <li key={m.id}>
                <InboxMessageCard message={m} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}
