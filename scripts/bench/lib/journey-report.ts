// Prints the buyer's journey (lib/journey.ts) with its goals beside the figures.
import os from 'node:os';
import { journeyGoalMs, type JourneyResult } from './journey.ts';
import { tapProfile } from './first-tap.ts';

export function printJourneys(results: JourneyResult[], runs: number): void {
  const ok = (pass: boolean) => (pass ? 'ok' : 'MISSED');
  const header = ['journey, step', 'ms (goal)', 'round trips', 'each run ms / round trips'];
  const rows = results.map((r) => [
    `(${r.step.journey}) ${r.step.label}`,
    `${r.ms ?? 'none'} (<= ${r.step.goalMs}) ${ok(r.ms !== null && r.ms <= r.step.goalMs)}`,
    String(r.roundTrips),
    r.runs.map((x) => `${x.ms ?? '-'}/${x.roundTrips}`).join(' '),
  ]);
  const a = results.filter((r) => r.step.journey === 'a');
  // The total of each run, then its median: a run whose step never showed its result has no total.
  const totals = a[0]!.runs
    .map((_, i) => a.map((r) => r.runs[i]!.ms))
    .map((ms) => (ms.every((v) => v !== null) ? ms.reduce((x, y) => x! + y!, 0)! : Infinity))
    .sort((x, y) => x - y);
  const total = totals[Math.floor((totals.length - 1) / 2)]!;
  rows.push([
    '(a) in all, reading time excluded',
    `${Number.isFinite(total) ? total : 'none'} (<= ${journeyGoalMs}) ${ok(total <= journeyGoalMs)}`,
    String(a.reduce((sum, r) => sum + r.roundTrips, 0)),
    totals.map((t) => (Number.isFinite(t) ? t : '-')).join(' '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  for (const r of results)
    console.log(
      `  (${r.step.journey}) ${r.step.label}, last run's requests: ${r.runs.at(-1)?.requests.join(', ') || 'none'}`,
    );
  console.log(
    `The buyer's journey: median of ${runs} run(s), a signed-in customer with a balance, each journey in a fresh ` +
      `context; ${tapProfile.cpuSlowdown}x CPU, ${tapProfile.rttMs} ms RTT, ${(tapProfile.downKbps / 1024).toFixed(1)} Mbps down. ` +
      `ms: the tap to the first frame with the step's result; round trips: the longest chain of requests started ` +
      `after the tap and answered before the result, each after the one before had answered (not from the cache). Each tap's goal: 300 ms with ` +
      `visible progress; the sandbox's own page is a full page load. Load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.`,
  );
}
