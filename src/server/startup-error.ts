// Fatal start-up errors: one readable line on stderr, never a stack of byte arrays (a failed child process's
// error carries its output as Buffers, which a JSON log prints number by number).
import type { Logger } from 'pino';

/** A start-up failure whose message already says the cause and what to do: printed as it is. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** The one line a failed start prints. */
export function startupFailureLine(err: unknown): string {
  if (err instanceof StartupError) return err.message;
  return `The store could not start: ${describe(err)}`;
}

function describe(err: unknown): string {
  if (err instanceof AggregateError && !err.message) return err.errors.map(describe).join('; ');
  const text = err instanceof Error ? err.message || err.name : String(err);
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 500 ? `${line.slice(0, 500)}…` : line;
}

/** Prints the line; the stack goes to the log at debug level (LOG_LEVEL=debug), without any output buffers. */
export function reportStartupFailure(err: unknown, log: Logger): void {
  console.error(startupFailureLine(err));
  if (err instanceof Error)
    log.debug(
      { error: { name: err.name, message: err.message, stack: err.stack } },
      'start-up failure',
    );
}
