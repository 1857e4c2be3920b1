// What the machine did during a measured window: CPU time of the store server, of PostgreSQL (postmaster
// and its backends) and of this load-generating process; and what the store's database sessions were
// waiting on, sampled from pg_stat_activity. Linux /proc only; elsewhere the CPU figures are null.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { speedMeter } from './host-speed.ts';

let ticksPerSecond: number | null = null;
/** The kernel's clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
export function clockTicks(): number {
  if (ticksPerSecond === null) {
    try {
      ticksPerSecond =
        Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

type ProcStat = { ppid: number; cpuSeconds: number; childrenCpuSeconds: number };

function readStat(pid: number): ProcStat | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name, which may itself contain spaces.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const tick = clockTicks();
    return {
      ppid: Number(fields[1]),
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / tick,
      childrenCpuSeconds: (Number(fields[13]) + Number(fields[14])) / tick,
    };
  } catch {
    return null;
  }
}

/** CPU seconds used so far by the postmaster, its live children and its reaped children. */
function postgresCpuSeconds(postmasterPid: number): number | null {
  const root = readStat(postmasterPid);
  if (!root) return null;
  let total = root.cpuSeconds + root.childrenCpuSeconds;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat && stat.ppid === postmasterPid) total += stat.cpuSeconds;
  }
  return total;
}

export function postmasterPid(pgDir: string): number | null {
  try {
    return Number.parseInt(
      fs.readFileSync(path.join(pgDir, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]!,
      10,
    );
  } catch {
    return null;
  }
}

export type CpuSplit = {
  seconds: number;
  /** Cores busy on average over the window (this machine has os.availableParallelism() of them). */
  serverCores: number | null;
  postgresCores: number | null;
  loadGeneratorCores: number;
  /** Cores the hypervisor ran other machines on while this one had work to run (steal time): a run with
   *  more than a few hundredths here measured a host that was not ours alone. */
  stolenCores: number | null;
  /** How fast the host's cores ran: the host-speed canary's median unit over the window, in ms (host-speed.ts);
   *  runs whose figures are compared should have about the same. */
  hostUnitMs: number | null;
};

/** The machine's steal time so far, in seconds ("steal" on /proc/stat's first line), or null off Linux. */
function stolenSeconds(): number | null {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
    const steal = Number(fields[8]);
    return Number.isFinite(steal) ? steal / clockTicks() : null;
  } catch {
    return null;
  }
}

/** Starts counting steal time; the returned function gives the cores stolen on average since, or null off Linux. */
export function stealMeter(): () => number | null {
  const started = performance.now();
  const stolen0 = stolenSeconds();
  return () => {
    const stolen1 = stolenSeconds();
    const seconds = (performance.now() - started) / 1000;
    return stolen0 === null || stolen1 === null || seconds <= 0
      ? null
      : Math.round(((stolen1 - stolen0) / seconds) * 100) / 100;
  };
}

/** Logs a warning when the hypervisor took enough of the machine during a run to make it incomparable;
 *  says whether it did. */
export function warnOfSteal(
  run: string,
  stolenCores: number | null,
  log: (line: string) => void,
): boolean {
  if (stolenCores === null || stolenCores < 0.05) return false;
  log(
    `  warning: the hypervisor took ${stolenCores} cores during ${run} (steal time): not comparable with a run on a quiet host`,
  );
  return true;
}

/** Starts a CPU meter; the returned function stops it and reports the split. */
export function cpuMeter(serverPid: number, pgPid: number | null): () => CpuSplit {
  const started = performance.now();
  const server0 = readStat(serverPid)?.cpuSeconds ?? null;
  const pg0 = pgPid ? postgresCpuSeconds(pgPid) : null;
  const self0 = process.cpuUsage();
  const steal = stealMeter();
  const speed = speedMeter();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const server1 = readStat(serverPid)?.cpuSeconds ?? null;
    const pg1 = pgPid ? postgresCpuSeconds(pgPid) : null;
    const self = process.cpuUsage(self0);
    const cores = (a: number | null, b: number | null) =>
      a === null || b === null ? null : Math.round(((b - a) / seconds) * 100) / 100;
    return {
      seconds: Math.round(seconds * 10) / 10,
      serverCores: cores(server0, server1),
      postgresCores: cores(pg0, pg1),
      loadGeneratorCores: Math.round(((self.user + self.system) / 1e6 / seconds) * 100) / 100,
      stolenCores: steal(),
      hostUnitMs: speed(),
    };
  };
}

export type WaitSample = {
  samples: number;
  /** Average number of the database's client sessions in each state, e.g. 'active: Lock/tuple'. */
  averageSessions: Record<string, number>;
};

/**
 * Samples pg_stat_activity every intervalMs (one ~0.5 ms query: negligible load) for the sessions of `database`
 * (only those of `applicationName` when given; never its own) and returns,
 * per state and wait event, how many sessions were in it on average: where the database time goes.
 */
export function waitSampler(
  pool: pg.Pool,
  database: string,
  intervalMs = 50,
  applicationName?: string,
): () => Promise<WaitSample> {
  const counts = new Map<string, number>();
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      // A pool closed under us (Ctrl-C clean-up) ends the sampling quietly.
      const result = await pool
        .query<{ k: string; n: number }>(
          `select coalesce(state, '?') || coalesce(': ' || wait_event_type || '/' || wait_event, ': on CPU') as k, count(*)::int as n
             from pg_stat_activity
            where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()
              and ($2::text is null or application_name = $2)
            group by 1`,
          [database, applicationName ?? null],
        )
        .catch(() => null);
      if (!result) break;
      const { rows } = result;
      samples++;
      for (const r of rows) counts.set(r.k, (counts.get(r.k) ?? 0) + r.n);
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    const averageSessions = Object.fromEntries(
      [...counts.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => [k, Math.round((n / Math.max(1, samples)) * 100) / 100]),
    );
    return { samples, averageSessions };
  };
}

export type WindowMeters = {
  /** Pass to runLoad's onWindow. */
  onWindow: (phase: 'start' | 'end') => void;
  /** The CPU split and wait-event sample over the window (call after runLoad returned). */
  result: () => Promise<{ cpu: CpuSplit; waits: WaitSample }>;
};

/** CPU split and database wait sampling over exactly runLoad's measured window. */
export function windowMeters(
  serverPid: number,
  pgDir: string,
  pool: pg.Pool,
  database: string,
  applicationName?: string,
): WindowMeters {
  const pgPid = postmasterPid(pgDir);
  let stopCpu: (() => CpuSplit) | null = null;
  let stopWaits: (() => Promise<WaitSample>) | null = null;
  let cpu: CpuSplit | null = null;
  let waits: Promise<WaitSample> | null = null;
  return {
    onWindow(phase) {
      if (phase === 'start') {
        stopCpu = cpuMeter(serverPid, pgPid);
        stopWaits = waitSampler(pool, database, 50, applicationName);
      } else {
        cpu = stopCpu!();
        waits = stopWaits!();
      }
    },
    async result() {
      if (!cpu || !waits) throw new Error('the measured window has not ended');
      return { cpu, waits: await waits };
    },
  };
}

/** CPU milliseconds per operation from a window's split and its operations per second. */
export function cpuPerOperation(
  cpu: CpuSplit,
  perSecond: number,
): { serverMs: number | null; postgresMs: number | null } {
  const ms = (cores: number | null) =>
    cores === null || perSecond <= 0 ? null : Math.round((cores / perSecond) * 10_000) / 10;
  return { serverMs: ms(cpu.serverCores), postgresMs: ms(cpu.postgresCores) };
}
