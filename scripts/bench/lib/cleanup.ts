// One stack of clean-up steps for a benchmark run: run in reverse on success, on failure and on Ctrl-C,
// so that no PostgreSQL, server process or temporary folder outlives the run.
const steps: (() => Promise<unknown> | unknown)[] = [];
let handlersInstalled = false;

export function onCleanup(step: () => Promise<unknown> | unknown): void {
  steps.push(step);
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  }
}

export async function cleanup(): Promise<void> {
  for (const step of steps.splice(0).reverse()) {
    try {
      await step();
    } catch (err) {
      console.error('cleanup step failed:', err);
    }
  }
}

/** Runs a benchmark's main function, reports a failure with exit code 1, and always cleans up. */
export async function runBench(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
}
