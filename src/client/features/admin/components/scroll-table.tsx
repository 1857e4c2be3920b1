// A wide table that scrolls inside its own box (so a phone scrolls the table, not the page), with a sticky header.
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

type Props = {
  label: string;
  caption: string;
  columns: string[];
  minWidth: string;
  children: ReactNode;
};

export function ScrollTable({ label, caption, columns, minWidth, children }: Props) {
  return (
    <div
      className="max-h-[70vh] overflow-auto rounded-lg border border-border"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className={cn('w-full text-left text-sm', minWidth)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-card text-muted-foreground">
          <tr className="border-b border-border">
            {columns.map((c) => (
              <th key={c} scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
