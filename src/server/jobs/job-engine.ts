// The one engine for background work (ADR 032): every job of the store runs through here, a queue (an outbox kind:
// e-mail, webhooks, owner alerts) or a periodic job (the payment reconciler, pruning, the stock count sweep). Each
// is a loop that runs every interval and, for a queue, whenever poked after a commit that queued work; a loop never
// runs two rounds at once, repeats while a round reports work done, logs its failures and stops with the app.
// With `enabled` false (tests) nothing runs by itself and the pokes do nothing: tests run rounds by hand.
import type { Db } from '../db/client.ts';
import { claimJobRun } from './claim-job-run.ts';
import { startJobLoop, type JobLoop } from './start-job-loop.ts';

export type JobEngine = {
  /** A queue: `round` runs every `intervalMs` and on the returned poke; it returns the work it did (0: none). */
  queue: (name: string, round: () => Promise<number>, intervalMs: number) => () => void;
  /** A periodic job; with `onceAcross`, one process of all runs it per interval (claimJobRun). */
  every: (
    name: string,
    intervalMs: number,
    work: () => Promise<unknown>,
    options?: { onceAcross?: Db; runNow?: boolean },
  ) => void;
  stop: () => Promise<void>;
};

export function createJobEngine({
  enabled,
  onError,
}: {
  enabled: boolean;
  onError: (name: string, err: unknown) => void;
}): JobEngine {
  const loops: JobLoop[] = [];
  const start = (name: string, work: () => Promise<number>, intervalMs: number) => {
    const loop = startJobLoop(work, (err) => onError(name, err), intervalMs);
    loops.push(loop);
    return loop;
  };
  return {
    queue(name, round, intervalMs) {
      if (!enabled) return () => {};
      const loop = start(name, round, intervalMs);
      return loop.poke;
    },
    every(name, intervalMs, work, { onceAcross, runNow } = {}) {
      if (!enabled) return;
      const loop = start(
        name,
        async () => {
          if (!onceAcross || (await claimJobRun(onceAcross, name, intervalMs))) await work();
          return 0;
        },
        intervalMs,
      );
      if (runNow) loop.poke();
    },
    stop: async () => {
      await Promise.all(loops.splice(0).map((loop) => loop.stop()));
    },
  };
}
