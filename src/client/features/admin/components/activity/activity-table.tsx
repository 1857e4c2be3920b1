// The audit lines: a table from md up, a card per line on phones (no sideways box). Each line reads as a
// sentence naming the admin's target by e-mail, username or name, with its before → after underneath.
import type { AuditEntry } from '../../../../../shared/audit.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { Cell, DataTable, Row } from '../data-table.tsx';
import { describeEntry } from './describe-entry.ts';

export function ActivityTable({
  entries,
  names,
}: {
  entries: AuditEntry[];
  names: Record<string, string>;
}) {
  return (
    <DataTable caption="Audit trail" columns={['What', 'Admin', 'When']}>
      {entries.map((e) => {
        const { sentence, lines } = describeEntry(e, names);
        return (
          <Row key={e.id} className="md:align-top">
            <Cell label="What" isTitle className="md:max-w-xl">
              <span className="block break-words">{sentence}</span>
              {lines.length ? (
                <ul className="mt-1 space-y-0.5 text-xs font-normal text-muted-foreground">
                  {lines.map((line, i) => (
                    <li key={i} className="break-words">
                      {line}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Cell>
            <Cell label="Admin" className="min-w-0 md:max-w-56">
              <span className="min-w-0 break-words [overflow-wrap:anywhere]">{e.actorEmail}</span>
            </Cell>
            <Cell label="When" className="md:whitespace-nowrap">
              <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
            </Cell>
          </Row>
        );
      })}
    </DataTable>
  );
}
