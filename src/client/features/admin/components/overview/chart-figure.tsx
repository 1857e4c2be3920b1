// A chart with its accessible name (the caption) and its numbers as a table for screen readers: the drawing
// itself is hidden from assistive technology, the table is hidden from the eye.
import { useId, type ReactNode } from 'react';
import { Card } from '../../../../components/ui/card.tsx';

export type ChartTable = { columns: string[]; rows: (string | number)[][] };

export function ChartFigure({
  title,
  table,
  children,
  className,
}: {
  title: string;
  table: ChartTable;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <Card className={`min-w-0 p-4 sm:p-5 ${className ?? ''}`}>
      <figure aria-labelledby={id} className="m-0">
        <figcaption id={id} className="text-sm font-semibold">
          {title}
        </figcaption>
        <div aria-hidden className="mt-3">
          {children}
        </div>
        {/* A table is never narrower than its content: the clipping box is the wrapper. */}
        <div className="sr-only">
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                {table.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r, i) => (
                <tr key={i}>
                  {r.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={j}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
    </Card>
  );
}

/** Horizontal bars, one per row, scaled to the largest; the value written beside each. */
export function Bars({
  rows,
  tone = 'bg-primary',
}: {
  rows: { label: string; value: number; text: string; tone?: string }[];
  tone?: string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  if (rows.length === 0)
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">Nothing in this period.</p>
    );
  return (
    <ul className="space-y-2">
      {rows.map((r) => (
        <li key={r.label} className="text-sm">
          <div className="flex justify-between gap-2">
            <span className="min-w-0 truncate">{r.label}</span>
            <span className="shrink-0 tabular-nums text-muted-foreground">{r.text}</span>
          </div>
          <div className="mt-1 h-2 rounded bg-muted">
            <div
              className={`h-2 rounded ${r.tone ?? tone}`}
              style={{ width: `${(r.value / max) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
