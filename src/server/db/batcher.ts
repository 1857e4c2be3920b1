// The one batcher shape: calls that arrive while `slots` calls are out wait, and go to PostgreSQL together as one
// call, like a database's group commit. A quiet process sees no change (a call that finds a free slot goes alone, as
// a batch of one); the queue forms only when the slots are busy. Used by the purchases (modules/orders/
// purchase-batches.ts) and the API keys' rate limit (http/rate-limit.ts, createWindowedLimiter).

export type BatcherOptions<In, Out> = {
  /** Batches in flight at once from this process: the rest wait and go together. */
  slots: number;
  /** At most this many calls in one batch. */
  maxBatch?: number;
  /** At most one call of each of these in one batch (a buyer's next purchase waits its turn). */
  oneOf?: (input: In) => string;
  /** A batch still running after this long gives its slot to the next (it goes on; it just stops blocking). */
  holdMs?: number;
  /** Runs one batch: one answer per input, in their order, each settling on its own. */
  run: (inputs: In[]) => Array<Promise<Out>>;
};

export type Batcher<In, Out> = {
  call: (input: In) => Promise<Out>;
  /** Calls waiting now for a free slot. */
  queued: () => number;
};

type Waiting<In, Out> = { input: In; resolve: (out: Out) => void; reject: (err: unknown) => void };

export function createBatcher<In, Out>(options: BatcherOptions<In, Out>): Batcher<In, Out> {
  let waiting: Waiting<In, Out>[] = [];
  let inFlight = 0;

  /** The next batch: the oldest waiting calls, within maxBatch and one of each `oneOf`. */
  const take = (): Waiting<In, Out>[] => {
    const batch: Waiting<In, Out>[] = [];
    const rest: Waiting<In, Out>[] = [];
    const seen = new Set<string>();
    for (const w of waiting) {
      const key = options.oneOf?.(w.input);
      if (batch.length < (options.maxBatch ?? Infinity) && (key === undefined || !seen.has(key))) {
        if (key !== undefined) seen.add(key);
        batch.push(w);
      } else rest.push(w);
    }
    waiting = rest;
    return batch;
  };

  const pump = (): void => {
    while (inFlight < options.slots && waiting.length > 0) {
      const batch = take();
      inFlight++;
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        clearTimeout(timer);
        inFlight--;
        pump();
      };
      const timer = options.holdMs === undefined ? undefined : setTimeout(release, options.holdMs);
      let answers: Array<Promise<Out>>;
      try {
        answers = options.run(batch.map((w) => w.input));
      } catch (err) {
        answers = batch.map(() => Promise.reject(err));
      }
      batch.forEach((w, i) =>
        (answers[i] ?? Promise.reject(new Error('a batch answered too few calls'))).then(
          w.resolve,
          w.reject,
        ),
      );
      void Promise.allSettled(answers).finally(release);
    }
  };

  return {
    call: (input) =>
      new Promise<Out>((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        pump();
      }),
    queued: () => waiting.length,
  };
}
