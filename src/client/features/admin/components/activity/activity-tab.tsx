// The Activity tab: the audit trail, newest first, filtered by area, admin and dates, 50 lines a page.
// Read-only: there is nothing here (or on the server) that edits or deletes a line.
import { useState } from 'react';
import { AUDIT_AREAS, auditAreaLabels, type AuditArea } from '../../../../../shared/audit.ts';
import { SelectField, TextField } from '../../../../components/ui/form-controls.tsx';
import { useAdminActivity } from '../../api/admin-activity.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { Panel } from '../form-extras.tsx';
import { Pager } from '../pager.tsx';
import { QueryState } from '../query-state.tsx';
import { ActivityTable } from './activity-table.tsx';

const areaOptions = (Object.keys(AUDIT_AREAS) as AuditArea[]).map((a) => ({
  value: a,
  label: auditAreaLabels[a],
}));

export function ActivityTab() {
  const [area, setArea] = useState<AuditArea | ''>('');
  const [actor, setActor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [offset, setOffset] = useState(0);
  const debouncedActor = useDebouncedValue(actor, 300);
  const activity = useAdminActivity({
    area: area || undefined,
    actor: debouncedActor.trim() || undefined,
    from: from || undefined,
    to: to || undefined,
    offset,
  });
  const refilter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setOffset(0);
    };
  return (
    <Panel
      title="Activity"
      description="Every admin change to money, stock, the catalogue, roles and reports: who, what, before → after, when."
    >
      <div
        className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        role="search"
        aria-label="Filter activity"
      >
        <SelectField
          label="Area"
          placeholder="All areas"
          options={areaOptions}
          value={area}
          onChange={(e) => refilter(setArea)(e.target.value as AuditArea | '')}
        />
        <TextField
          label="Admin"
          type="search"
          placeholder="E-mail"
          value={actor}
          onChange={(e) => refilter(setActor)(e.target.value)}
        />
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(e) => refilter(setFrom)(e.target.value)}
        />
        <TextField
          label="To"
          type="date"
          value={to}
          onChange={(e) => refilter(setTo)(e.target.value)}
        />
      </div>
      <QueryState
        query={activity}
        loading="Loading activity..."
        isEmpty={(p) => p.entries.length === 0}
        empty="No activity matches these filters."
      >
        {(page) => (
          <>
            <ActivityTable entries={page.entries} names={page.names} />
            <Pager
              offset={page.offset}
              shown={page.entries.length}
              total={page.total}
              pageSize={page.pageSize}
              onOffset={setOffset}
            />
          </>
        )}
      </QueryState>
    </Panel>
  );
}
