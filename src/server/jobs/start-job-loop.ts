// A background job loop: runs `work` every interval (and on poke), repeats while it reports work done,
// never runs two rounds at once, and stops cleanly on shutdown.
export type JobLoop = { poke: () => void; stop: () => Promise<void> };

export function startJobLoop(
  work: () => Promise<number>,
  onError: (err: unknown) => void,
  intervalMs: number,
): JobLoop {
  let running: Promise<void> | null = null;
  let stopped = false;
  const round = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        while ((await work()) > 0 && !stopped) {
          // keep going while there is work
        }
      } catch (err) {
        onError(err);
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return {
    poke: () => setImmediate(round),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
