// One report: the order, the customer, the reported account (credentials on demand) and its earlier reports,
// and for an open report the three resolutions. The server resolves each report once, whoever clicks first.
import { Ban, RefreshCw, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { formatNaira } from '../../../../../shared/money.ts';
import { shortOrderId } from '../../../../../shared/orders.ts';
import {
  reportReasonLabels,
  reportStatusLabels,
  type AdminReport,
} from '../../../../../shared/reports.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../lib/cn.ts';
import { TextAreaField } from '../../../../components/ui/form-controls.tsx';
import { useResolveReport } from '../../api/admin-reports.ts';
import { needsStepUp } from '../../../../lib/two-factor-api.ts';
import { StepUpForm } from '../../../../components/two-factor/step-up-form.tsx';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { AdminDialog } from '../../../../components/ui/admin-dialog.tsx';
import { ConfirmAction } from '../confirm-action.tsx';
import { Badge, type BadgeTone } from '../status-badge.tsx';

const statusTones: Record<AdminReport['status'], BadgeTone> = {
  open: 'amber',
  replaced: 'violet',
  refunded: 'blue',
  rejected: 'gray',
};

export function ReportCard({ report }: { report: AdminReport }) {
  const isOpen = report.status === 'open';
  const { order, account } = report;
  return (
    <article
      aria-label={`Report of @${account.username}`}
      className={cn(
        'rounded-lg border p-4',
        isOpen ? 'border-primary/50 bg-primary/5' : 'border-border',
      )}
    >
      <header className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={statusTones[report.status]}>{reportStatusLabels[report.status]}</Badge>
        <Badge tone="gray">{reportReasonLabels[report.reason]}</Badge>
        <time dateTime={report.createdAt} className="ml-auto text-xs text-muted-foreground">
          {formatDateTime(report.createdAt)}
        </time>
      </header>
      <h3 className="mt-2 break-all font-semibold">@{account.username}</h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Customer</dt>
        <dd className="break-all">{report.customer.email}</dd>
        <dt className="text-muted-foreground">Order</dt>
        <dd className="break-words">
          <span className="font-mono">{shortOrderId(order.id)}</span> · {order.productName} ·{' '}
          {order.quantity} × {formatNaira(order.pricePerUnitKobo)} ·{' '}
          {formatDateTime(order.createdAt)}
        </dd>
        {report.note ? (
          <>
            <dt className="text-muted-foreground">Note</dt>
            <dd className="whitespace-pre-wrap break-words">{report.note}</dd>
          </>
        ) : null}
        {report.rejectReason ? (
          <>
            <dt className="text-muted-foreground">Rejected</dt>
            <dd className="break-words">{report.rejectReason}</dd>
          </>
        ) : null}
        {report.resolvedAt ? (
          <>
            <dt className="text-muted-foreground">Resolved</dt>
            <dd className="break-all">
              {formatDateTime(report.resolvedAt)} by {report.resolvedBy ?? 'an admin'}
            </dd>
          </>
        ) : null}
        {report.history.length ? (
          <>
            <dt className="text-muted-foreground">History</dt>
            <dd>
              {report.history
                .map((h) => `${reportStatusLabels[h.status]} (${formatDateTime(h.createdAt)})`)
                .join(' · ')}
            </dd>
          </>
        ) : null}
      </dl>
      <details className="mt-3 rounded-md bg-muted/60 p-2 text-sm">
        <summary className="cursor-pointer font-medium">Credentials</summary>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 font-mono text-xs">
          {[
            ['Username', account.username],
            ['Password', account.password],
            ['Email', account.email],
            ['Email password', account.emailPassword],
            ['2FA', account.twoFaCode],
          ]
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-sans text-muted-foreground">{k}</dt>
                <dd className="break-all">{v}</dd>
              </div>
            ))}
        </dl>
      </details>
      {isOpen ? <Resolutions report={report} /> : null}
    </article>
  );
}

function Resolutions({ report }: { report: AdminReport }) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const resolve = useResolveReport(() => setRejecting(false));
  const resolveWith = (input: Parameters<typeof resolve.mutate>[0]['input']) =>
    resolve.mutate({ id: report.id, input });
  const price = formatNaira(report.order.pricePerUnitKobo);
  const noStock = report.availableInGroup === 0;
  // A resolution moves money or hands out credentials: a fresh code first, then the same resolution again.
  const stepUp =
    needsStepUp(resolve.error) && resolve.variables ? (
      <StepUpForm onDone={() => resolve.mutate(resolve.variables!)} />
    ) : null;
  return (
    <div className="mt-4 space-y-2">
      <div className="flex flex-wrap gap-2">
        <ConfirmAction
          icon={RefreshCw}
          label="Replace"
          disabled={resolve.isPending || noStock}
          title="Replace this account?"
          description={`@${report.account.username} is retired and the next available account of ${report.order.productName} goes to this order. The customer is e-mailed its credentials.`}
          onConfirm={() => resolveWith({ action: 'replace' })}
        />
        <ConfirmAction
          icon={Undo2}
          label="Refund"
          disabled={resolve.isPending}
          title={`Refund ${price}?`}
          description={`${price} goes back to ${report.customer.email}'s wallet and @${report.account.username} is retired.`}
          onConfirm={() => resolveWith({ action: 'refund' })}
        />
        <Button
          size="sm"
          variant="outline"
          disabled={resolve.isPending}
          onClick={() => setRejecting(true)}
        >
          <Ban className="h-4 w-4" aria-hidden /> Reject
        </Button>
      </div>
      {rejecting ? null : stepUp}
      {noStock ? (
        <p className="text-xs text-muted-foreground">
          No account of this group is available to replace it with.
        </p>
      ) : null}
      <AdminDialog
        open={rejecting}
        onClose={() => setRejecting(false)}
        isBusy={resolve.isPending}
        title="Reject report"
        description="The customer sees your reason on their order."
      >
        {stepUp ? <div className="mb-4">{stepUp}</div> : null}
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            resolveWith({ action: 'reject', reason });
          }}
        >
          <TextAreaField
            label="Reason for the customer"
            rows={3}
            maxLength={1000}
            required
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="flex justify-end">
            <Button
              type="submit"
              variant="destructive"
              disabled={resolve.isPending || !reason.trim()}
            >
              Reject report
            </Button>
          </div>
        </form>
      </AdminDialog>
    </div>
  );
}
