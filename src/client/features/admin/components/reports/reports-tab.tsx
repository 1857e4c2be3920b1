// The Reports tab: customers' reports of bad accounts, open first, each resolvable by Replace, Refund or Reject.
import { useState } from 'react';
import type { AdminReportFilter } from '../../../../../shared/reports.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { useAdminReports } from '../../api/admin-reports.ts';
import { EmptyState } from '../data-table.tsx';
import { Panel, SegmentedFilter } from '../form-extras.tsx';
import { ReportCard } from './report-card.tsx';

const filters: { value: AdminReportFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

export function ReportsTab() {
  const [filter, setFilter] = useState<AdminReportFilter>('open');
  const reports = useAdminReports(filter);
  return (
    <Panel
      title="Reports"
      description="Accounts customers reported as not working, within the warranty window."
      actions={<SegmentedFilter label="Show reports" options={filters} value={filter} onChange={setFilter} />}
    >
      {reports.isPending ? (
        <p role="status" className="py-6 text-center text-sm text-muted-foreground">
          Loading reports...
        </p>
      ) : reports.isError ? (
        <div role="alert" className="py-6 text-center text-sm">
          <p className="text-destructive">{reports.error.message}</p>
          <Button className="mt-3" size="sm" variant="outline" onClick={() => reports.refetch()}>
            Retry
          </Button>
        </div>
      ) : reports.data.reports.length === 0 ? (
        <EmptyState>{filter === 'open' ? 'No open reports.' : 'No reports.'}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {reports.data.reports.map((r) => (
            <li key={r.id}>
              <ReportCard report={r} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
