// The bench's result table: one row per measure, each beside its baseline from the same run.
import type { Percentiles } from './load.ts';

export type Row = {
  measure: string;
  store: string;
  baseline: string;
  ratio: string;
  p50: string;
  p99: string;
};

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const ms = (n: number) => (n >= 100 ? fmt(n) : fmt(n, 1));
export const lat = (store: Percentiles, base: Percentiles, key: 'p50' | 'p99') =>
  `${ms(store[key])} / ${ms(base[key])}`;
export const ratio = (r: number) => (r < 0.1 ? r.toFixed(3) : r.toFixed(2));
export const none = '—';

export function printTable(rows: Row[], log = console.log): void {
  const header: Row = {
    measure: 'measure',
    store: 'store',
    baseline: 'baseline',
    ratio: 'ratio (store/baseline)',
    p50: 'p50 ms (store / base)',
    p99: 'p99 ms (store / base)',
  };
  const keys = Object.keys(header) as (keyof Row)[];
  const widths = keys.map((k) => Math.max(...[header, ...rows].map((r) => r[k].length)));
  const line = (r: Row) =>
    `| ${keys.map((k, i) => (k === 'measure' ? r[k].padEnd(widths[i]!) : r[k].padStart(widths[i]!))).join(' | ')} |`;
  log(line(header));
  log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) log(line(r));
}
