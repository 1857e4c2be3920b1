// The closed-loop purchase runs' load generator: wrk (C, Debian's package `wrk`), driven by wrk-purchases.lua.
// pgbench, the baseline, drives TPC-B from C at about a hundredth of a core; the Node load generator (load.ts)
// took a tenth of the two cores for the same work (perf, PERFORMANCE-LOG.md "Session 14"), CPU the store and
// PostgreSQL then did not have. A warm-up run first, then the measured run: its whole duration is the window.
import { execFile, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadResult } from './load.ts';
import { clockTicks } from './observe.ts';

const script = path.join(import.meta.dirname, 'wrk-purchases.lua');

/** Throws with the install command when this machine has no wrk (called once, before the bench seeds). */
export function requireWrk(): void {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (err) {
    // wrk --version exits 1 after printing its version: only a missing binary is a failure.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('the purchase bench needs wrk: apt-get install -y wrk', { cause: err });
  }
}

export type WrkPurchaseOptions = {
  port: number;
  /** Open connections: one per buyer, as the Node generator had one worker per buyer. */
  connections: number;
  warmupMs: number;
  durationMs: number;
  origin: string;
  cookies: string[];
  groupIds: string[];
  /** Every purchase carries this promo code (the "purchases with a promo code" run). */
  promoCode?: string;
  onWindow: (phase: 'start' | 'end') => void;
};

type WrkOutput = {
  durationUs: number;
  statuses: [number, number][];
  errors: number;
  /** A few answers other than 201: "status: body". */
  samples: string[];
  /** wrk's own CPU time (user + system, all threads), in clock ticks. */
  cpuTicks: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
};

function runWrk(o: WrkPurchaseOptions, file: string, ms: number): Promise<WrkOutput> {
  const threads = 2;
  const args = [
    `-t${threads}`,
    `-c${o.connections}`,
    `-d${Math.max(1, Math.round(ms / 1000))}s`, // wrk takes whole seconds only
    '--timeout',
    '30s',
    '-s',
    script,
    `http://127.0.0.1:${o.port}`,
    '--',
    file,
    String(threads),
    crypto.randomUUID(),
  ];
  return new Promise((resolve, reject) => {
    execFile('wrk', args, { maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`wrk failed: ${err.message}\n${stderr}`));
      const line = stdout.split('\n').find((l) => l.startsWith('WRK_RESULT '));
      if (!line) return reject(new Error(`no result from wrk:\n${stdout}\n${stderr}`));
      resolve(JSON.parse(line.slice('WRK_RESULT '.length)) as WrkOutput);
    });
  });
}

export async function runWrkPurchases(
  o: WrkPurchaseOptions,
): Promise<LoadResult & { loadGeneratorCpuSeconds: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  const file = path.join(dir, 'purchases.txt');
  fs.writeFileSync(
    file,
    [
      `O ${o.origin}`,
      ...o.cookies.map((c) => `B ${c}`),
      ...o.groupIds.map((g) => `G ${g}`),
      ...(o.promoCode ? [`P ${o.promoCode}`] : []),
    ].join('\n') + '\n',
  );
  try {
    await runWrk(o, file, o.warmupMs);
    o.onWindow('start');
    const out = await runWrk(o, file, o.durationMs);
    o.onWindow('end');
    const seconds = out.durationUs / 1e6;
    const failures: Record<string, number> = {};
    let ok = 0;
    for (const [status, n] of out.statuses) {
      if (status === 201) ok += n;
      else failures[String(status)] = (failures[String(status)] ?? 0) + n;
    }
    if (out.errors) failures.error = out.errors;
    return {
      concurrency: o.connections,
      seconds,
      ok,
      perSecond: Math.round((ok / seconds) * 10) / 10,
      failures,
      failureSamples: out.samples,
      latencyMs: { p50: out.p50, p90: out.p90, p99: out.p99, max: out.max, mean: out.mean },
      loadGeneratorCpuSeconds: out.cpuTicks / clockTicks(),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
