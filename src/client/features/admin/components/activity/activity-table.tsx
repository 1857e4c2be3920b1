// The audit lines as a table that scrolls inside its own box on a phone: when, who, what, on what, before → after.
import { auditActionLabels, type AuditEntry } from '../../../../../shared/audit.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { ScrollTable } from '../scroll-table.tsx';

/** before → after as short "key: old → new" lines; other details as "key: value". */
function describe(details: Record<string, unknown>): string[] {
  const { before, after, ...rest } = details as {
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
  };
  const show = (v: unknown) =>
    v === undefined || v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return [
    ...keys.map((k) => `${k}: ${show(before?.[k])} → ${show(after?.[k])}`),
    ...Object.entries(rest).map(([k, v]) => `${k}: ${show(v)}`),
  ];
}

export function ActivityTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <ScrollTable
      label="Activity lines"
      caption="Audit trail"
      columns={['When', 'Admin', 'Action', 'Target', 'Change']}
      minWidth="min-w-[44rem]"
    >
      {entries.map((e) => (
        <tr key={e.id} className="border-b border-border align-top last:border-b-0">
          <td className="whitespace-nowrap px-3 py-2 text-muted-foreground">
            <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
          </td>
          <td className="max-w-48 break-all px-3 py-2">{e.actorEmail}</td>
          <td className="whitespace-nowrap px-3 py-2">
            {auditActionLabels[e.action] ?? e.action}
            <span className="block font-mono text-xs text-muted-foreground">{e.action}</span>
          </td>
          <td className="px-3 py-2 font-mono text-xs">
            {e.targetType}
            {e.targetId ? (
              <span className="block text-muted-foreground">{e.targetId.slice(0, 8)}</span>
            ) : null}
          </td>
          <td className="px-3 py-2 text-xs">
            <ul className="space-y-0.5">
              {describe(e.details).map((line, i) => (
                <li key={i} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}
