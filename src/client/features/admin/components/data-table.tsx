// Tables of the console: real tables from md up; on phones each row becomes a card whose cells carry their column name.
import type { HTMLAttributes, ReactNode, TdHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn.ts';

export function DataTable({
  columns,
  children,
  caption,
}: {
  columns: string[];
  children: ReactNode;
  caption: string;
}) {
  return (
    <div className="md:overflow-x-auto">
      {/* Explicit roles keep the table's meaning when phones display its parts as blocks. */}
      <table role="table" className="block w-full text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden md:table-header-group">
          <tr role="row" className="border-b border-border text-left text-muted-foreground">
            {columns.map((c) => (
              <th
                key={c}
                role="columnheader"
                scope="col"
                className={cn(
                  'whitespace-nowrap px-3 py-2 font-medium',
                  c === 'Actions' && 'text-right',
                )}
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="block space-y-3 md:table-row-group md:space-y-0">
          {children}
        </tbody>
      </table>
    </div>
  );
}

export function Row({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tr
      role="row"
      className={cn(
        'block rounded-lg border border-border p-3 md:table-row md:rounded-none md:border-0 md:border-b md:p-0 md:last:border-b-0',
        className,
      )}
      {...props}
    />
  );
}

type CellProps = TdHTMLAttributes<HTMLTableCellElement> & { label: string; isTitle?: boolean };

/** `label` is the column name, shown before the value on phones; the row's title cell heads its card instead. */
export function Cell({ label, isTitle, className, ...props }: CellProps) {
  return (
    <td
      role="cell"
      data-label={label}
      className={cn(
        'md:table-cell md:px-3 md:py-2.5 md:text-left md:align-middle',
        isTitle
          ? 'block pb-2 text-base font-semibold md:text-sm md:font-medium'
          : 'flex items-start justify-between gap-4 py-1 text-right before:shrink-0 before:text-left before:font-medium before:text-muted-foreground before:content-[attr(data-label)] md:before:content-none',
        className,
      )}
      {...props}
    />
  );
}

/** The actions cell: buttons wrap under the other cells on phones. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td role="cell" className="block pt-2 md:table-cell md:px-3 md:py-2.5 md:text-right">
      <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">{children}</div>
    </td>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}
