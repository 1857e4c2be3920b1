// "Report a problem": the buyer picks the bad account(s) of the order, a reason and an optional note.
import { Flag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  REPORT_REASONS,
  reportMessages,
  reportReasonLabels,
  type ReportReason,
} from '../../../../shared/reports.ts';
import type { CustomerOrder } from '../../../../shared/orders.ts';
import { Button } from '../../../components/ui/button.tsx';
import { AdminDialog as Modal } from '../../../components/ui/admin-dialog.tsx';
import { SelectField, TextAreaField } from '../../../components/ui/form-controls.tsx';
import { useReportProblem } from '../api/use-report-problem.ts';
import { formatDateTime } from '../../../lib/format-date.ts';

const reasonOptions = REPORT_REASONS.map((r) => ({ value: r, label: reportReasonLabels[r] }));

/** Accounts still within their warranty and without a report under review. */
export function reportableItems(order: CustomerOrder, now = Date.now()) {
  return order.items.filter(
    (i) =>
      i.status === 'sold' &&
      i.report?.status !== 'open' &&
      i.reportableUntil !== null &&
      new Date(i.reportableUntil).getTime() > now,
  );
}

export function ReportProblem({ order }: { order: CustomerOrder }) {
  const [open, setOpen] = useState(false);
  const items = reportableItems(order);
  const [chosen, setChosen] = useState<string[]>([]);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReportProblem(order.id, () => setOpen(false));
  if (!order.warrantyEndsAt || !items.length) return null;

  const start = () => {
    setChosen(items.length === 1 ? [items[0]!.accountId] : []);
    setReason('');
    setNote('');
    setError(null);
    setOpen(true);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen.length) return setError(reportMessages.chooseAccount);
    if (!reason) return setError(reportMessages.chooseReason);
    setError(null);
    report.mutate({ accountIds: chosen, reason, ...(note.trim() ? { note: note.trim() } : {}) });
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={start}>
        <Flag className="h-4 w-4" aria-hidden /> Report a problem
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        isBusy={report.isPending}
        title="Report a problem"
        description={`You can report a problem until ${formatDateTime(order.warrantyEndsAt)}.`}
      >
        <form onSubmit={submit} className="space-y-4" noValidate>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Which account does not work?</legend>
            {items.map((i) => (
              <label key={i.accountId} className="flex items-center gap-2 break-all text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-primary"
                  checked={chosen.includes(i.accountId)}
                  onChange={(e) =>
                    setChosen((c) =>
                      e.target.checked ? [...c, i.accountId] : c.filter((x) => x !== i.accountId),
                    )
                  }
                />
                @{i.username}
              </label>
            ))}
          </fieldset>
          <SelectField
            label="Reason"
            placeholder="Choose a reason"
            options={reasonOptions}
            value={reason}
            onChange={(e) => setReason(e.target.value as ReportReason)}
          />
          <TextAreaField
            label="Note (optional)"
            rows={3}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          {error ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end">
            <Button type="submit" disabled={report.isPending}>
              {report.isPending ? 'Sending...' : 'Send report'}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
