// Work for later, while the visitor reads: run when the main thread has nothing else to do (at the latest after
// `timeout` ms), so that it never delays a frame the visitor is waiting for.

/** Runs `then` once the main thread is idle; returns a function that cancels it. */
export function whenIdle(then: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(then, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(then, Math.min(timeout, 500));
  return () => window.clearTimeout(id);
}
