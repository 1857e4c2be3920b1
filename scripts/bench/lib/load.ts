// A closed-loop HTTP load generator over keep-alive connections: N workers, each sending its next request
// as soon as the last one answered, for a warm-up and then a measured window. Every request's latency in
// the window is kept, so percentiles are exact (not sampled or bucketed).
import http from 'node:http';
import { rawHttpClient } from './raw-http.ts';

export type LoadRequest = {
  method: 'GET' | 'POST';
  path: string;
  headers?: http.OutgoingHttpHeaders;
  body?: string;
};

export type LoadOptions = {
  port: number;
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  /** The request worker `worker` sends next (a fresh Idempotency-Key, say). */
  request: (worker: number) => LoadRequest;
  /** The status that counts as a success (200 for reads, 201 for a new order). */
  okStatus: number;
  /** Called when the measured window opens and when it closes (start meters there, not around the drain). */
  onWindow?: (phase: 'start' | 'end') => void;
};

export type LoadResult = {
  concurrency: number;
  seconds: number;
  ok: number;
  perSecond: number;
  /** Non-success answers in the window, by status ('error' for a failed connection). */
  failures: Record<string, number>;
  /** A few bodies of failed answers, for diagnosis. */
  failureSamples: string[];
  latencyMs: Percentiles;
};

export type Percentiles = { p50: number; p90: number; p99: number; max: number; mean: number };

export function percentiles(values: number[]): Percentiles {
  if (values.length === 0) return { p50: NaN, p90: NaN, p99: NaN, max: NaN, mean: NaN };
  const sorted = Float64Array.from(values).sort();
  // Nearest-rank percentile.
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  const round = (v: number) => Math.round(v * 100) / 100;
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    p50: round(at(50)),
    p90: round(at(90)),
    p99: round(at(99)),
    max: round(sorted[sorted.length - 1]!),
    mean: round(sum / sorted.length),
  };
}

/** One answer as both clients give it: the status ('error' for a failed connection), the body of a failure. */
export type Answer = { status: number | 'error'; body?: string };

function send(
  agent: http.Agent,
  port: number,
  req: LoadRequest,
  okStatus: number,
): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: http.OutgoingHttpHeaders = { ...req.headers };
    if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body);
    const r = http.request(
      { agent, host: '127.0.0.1', port, method: req.method, path: req.path, headers },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status === okStatus) {
          res.resume();
          res.once('end', () => resolve({ status }));
          return;
        }
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.once('end', () => resolve({ status, body }));
      },
    );
    r.once('error', (err) => resolve({ status: 'error', body: err.message }));
    r.end(req.body);
  });
}

/** What both load modes count in the window: answers, latencies, failures by status and a few samples. */
function windowTally(okStatus: number) {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  const failureSamples: string[] = [];
  let ok = 0;
  return {
    record(answer: Answer, latencyMs: number): void {
      if (answer.status === okStatus) {
        ok++;
        latencies.push(latencyMs);
      } else {
        failures[String(answer.status)] = (failures[String(answer.status)] ?? 0) + 1;
        if (failureSamples.length < 5)
          failureSamples.push(`${answer.status}: ${answer.body?.slice(0, 300)}`);
      }
    },
    result(concurrency: number, durationMs: number): LoadResult {
      return {
        concurrency,
        seconds: durationMs / 1000,
        ok,
        perSecond: Math.round((ok / (durationMs / 1000)) * 10) / 10,
        failures,
        failureSamples,
        latencyMs: percentiles(latencies),
      };
    },
  };
}

/** Calls onWindow('start') and ('end') once each: on time from the timers, or at the latest by `finish`. */
function windowPhases(
  onWindow: LoadOptions['onWindow'],
  startInMs: number,
  endInMs: number,
): { finish: () => void } {
  const phases = new Set<'start' | 'end'>();
  const fire = (phase: 'start' | 'end') => {
    if (phases.has(phase)) return;
    phases.add(phase);
    onWindow?.(phase);
  };
  const timers = [
    setTimeout(() => fire('start'), startInMs),
    setTimeout(() => fire('end'), endInMs),
  ];
  return {
    finish: () => {
      for (const t of timers) clearTimeout(t);
      fire('start');
      fire('end');
    },
  };
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { port, concurrency, warmupMs, durationMs, request, okStatus, onWindow } = options;
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: concurrency,
    maxFreeSockets: concurrency,
  });
  const tally = windowTally(okStatus);
  const started = performance.now();
  const windowStart = started + warmupMs;
  const windowEnd = windowStart + durationMs;

  async function worker(id: number): Promise<void> {
    while (performance.now() < windowEnd) {
      const sent = performance.now();
      const answer = await send(agent, port, request(id), okStatus);
      const done = performance.now();
      // Throughput counts the answers that arrived inside the window (unbiased in a steady state).
      if (done < windowStart || done > windowEnd) continue;
      tally.record(answer, done - sent);
    }
  }

  // The meters' window, on the same clock as the counting window above.
  const meters = windowPhases(
    onWindow,
    windowStart - performance.now(),
    windowEnd - performance.now(),
  );
  // Requests still in flight when the window closes are awaited (not counted), so that the server is idle
  // again before whatever is measured next.
  await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(i)));
  meters.finish();
  agent.destroy();
  return tally.result(concurrency, durationMs);
}

export type OpenLoopOptions = Omit<LoadOptions, 'concurrency'> & {
  /** Requests started per second, on a fixed schedule whatever the answers do. */
  ratePerSecond: number;
  /** Connections opened before the schedule starts (more are opened if more requests are ever in flight). */
  connections: number;
};

export type OpenLoopResult = LoadResult & {
  ratePerSecond: number;
  /** The most requests in flight at once (an open loop has no fixed concurrency). */
  maxInFlight: number;
};

/**
 * An open-loop load: requests start on a fixed schedule (ratePerSecond), not when the last one answered, so
 * a slow answer cannot slow the arrivals down and hide itself (no coordinated omission). Latency is measured
 * from each request's scheduled start, so a late start counts against the server too.
 */
export async function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const { port, ratePerSecond, warmupMs, durationMs, request, okStatus, onWindow } = options;
  // Plain sockets, not node:http: the client shares the host with what it measures (raw-http.ts says why).
  const client = rawHttpClient(port);
  await client.connect(options.connections);
  const tally = windowTally(okStatus);
  let inFlight = 0;
  let maxInFlight = 0;
  const started = performance.now();
  const windowStart = started + warmupMs;
  const windowEnd = windowStart + durationMs;
  const interval = 1000 / ratePerSecond;
  const pending: Promise<void>[] = [];

  const fire = async (index: number, scheduled: number) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const answer = await client.send(request(index), okStatus);
    inFlight--;
    const done = performance.now();
    // Counted by when it was due: the window holds the requests scheduled inside it.
    if (scheduled < windowStart || scheduled >= windowEnd) return;
    tally.record(answer, done - scheduled);
  };

  const meters = windowPhases(onWindow, warmupMs, warmupMs + durationMs);
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Start every request due by now (timers are late under load; the schedule is not).
      while (started + next * interval <= now && started + next * interval < windowEnd) {
        pending.push(fire(next, started + next * interval));
        next++;
      }
      if (started + next * interval >= windowEnd) return resolve();
      setTimeout(tick, Math.max(0, Math.min(interval, started + next * interval - now)));
    };
    tick();
  });
  await Promise.all(pending);
  meters.finish();
  client.close();
  return { ...tally.result(maxInFlight, durationMs), ratePerSecond, maxInFlight };
}
