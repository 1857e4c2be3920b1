// Clean-up that runs whether a helper was called while the file is collected (the usual `await createTestApp()` at
// the top) or inside a test. A hook registered during a test (afterAll, afterEach) never runs, so a store built
// inside `it()` kept its database, its pool and its LISTEN connection until the worker ended, and a whole run
// leaked enough of them to exhaust CI PostgreSQL's 100 connections ("sorry, too many clients already").
// Inside a `beforeAll` neither kind runs: build stores at the top of the file instead (global-setup.ts names any
// file whose database is left behind).
import { afterAll, afterEach, onTestFinished } from 'vitest';

/** Runs `fn` when the current test ends (if called inside one), else when the file's tests end. */
export function whenDone(fn: () => unknown): void {
  if (!inTest(fn)) afterAll(async () => void (await fn()));
}

/** Runs `fn` after each of the file's tests, or, called inside a test, once when that test ends. */
export function afterEachTest(fn: () => unknown): void {
  if (!inTest(fn)) afterEach(async () => void (await fn()));
}

/** onTestFinished(fn) if a test is running (vitest refuses it otherwise, the only reliable sign of one). */
function inTest(fn: () => unknown): boolean {
  try {
    onTestFinished(async () => void (await fn()));
    return true;
  } catch {
    return false;
  }
}
