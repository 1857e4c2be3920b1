// The Reports tab: customers' reports of bad accounts, open first, each resolvable by Replace, Refund or Reject.
import { useState } from 'react';
import type { AdminReportFilter } from '../../../../../shared/reports.ts';
import { needsStepUp } from '../../../../lib/two-factor-api.ts';
import { StepUpForm } from '../../../../components/two-factor/step-up-form.tsx';
import { useAdminReports } from '../../api/admin-reports.ts';
import { Panel, SegmentedFilter } from '../form-extras.tsx';
import { QueryState } from '../query-state.tsx';
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
      actions={
        <SegmentedFilter
          label="Show reports"
          options={filters}
          value={filter}
          onChange={setFilter}
        />
      }
    >
      {needsStepUp(reports.error) ? (
        <StepUpForm onDone={() => void reports.refetch()} />
      ) : (
        <QueryState
          query={reports}
          loading="Loading reports..."
          isEmpty={(d) => d.reports.length === 0}
          empty={filter === 'open' ? 'No open reports.' : 'No reports.'}
        >
          {(d) => (
            <ul className="space-y-3">
              {d.reports.map((r) => (
                <li key={r.id}>
                  <ReportCard report={r} />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      )}
    </Panel>
  );
}
