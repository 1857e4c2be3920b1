// How fast the host's cores ran during a run, read by a canary (speed-canary.ts): the median time of one fixed
// unit of arithmetic over the run, in ms (lower is faster). A ratio compares two runs taken a minute apart (the
// store's and its baseline's); steal time does not say whether the host's cores ran at the same speed in both
// (a core shared with another machine's hyperthread, a lower clock), and this does. In session 17 it read the
// same speed, within 6 %, in every run of every bench (PERFORMANCE-LOG.md, "Session 17"): a guard, which warns when
// two compared runs were more than a fifth apart. It costs under 1 % of one core (about 1.5 ms every 200 ms).
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onCleanup } from './cleanup.ts';

type Sample = { at: number; ms: number };
const samples: Sample[] = [];
let canary: ChildProcess | null = null;

function startCanary(): void {
  if (canary) return;
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'speed-canary.ts');
  canary = fork(script, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  canary.on('message', (m: Sample) => samples.push(m));
  const child = canary;
  onCleanup(() => {
    if (child.connected) child.disconnect();
    child.kill();
  });
}

/** Starts reading the host's speed; the returned function gives the canary's median unit (ms) since, or null
 *  when it reported fewer than 5 units (a run shorter than a second, or a core never free for it). */
export function speedMeter(): () => number | null {
  startCanary();
  const from = Date.now();
  return () => {
    const to = Date.now();
    const window = samples
      .filter((s) => s.at >= from && s.at <= to)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    if (window.length < 5) return null;
    return Math.round(window[Math.floor(window.length / 2)]! * 100) / 100;
  };
}

/** The host's speed over the bench so far: the fastest and slowest run's median unit among those given. */
export function speedRange(units: (number | null)[]): { fastest: number; slowest: number } | null {
  const known = units.filter((u): u is number => u !== null);
  return known.length ? { fastest: Math.min(...known), slowest: Math.max(...known) } : null;
}

/** Logs a warning when a run and its baseline ran on a host whose cores differed in speed by more than a fifth
 *  (their ratio then says as much about the host as about the store); says whether it did. */
export function warnOfSpeedChange(
  run: string,
  baseline: string,
  runUnitMs: number | null,
  baselineUnitMs: number | null,
  log: (line: string) => void,
): boolean {
  if (runUnitMs === null || baselineUnitMs === null) return false;
  const apart = Math.max(runUnitMs, baselineUnitMs) / Math.min(runUnitMs, baselineUnitMs);
  if (apart <= 1.2) return false;
  log(
    `  warning: the host's cores ran ${apart.toFixed(2)}x apart in speed during ${run} and ${baseline} (canary unit ${runUnitMs} vs ${baselineUnitMs} ms): their ratio is not comparable`,
  );
  return true;
}
