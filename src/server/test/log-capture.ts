// Every integration test app, and every server a test starts, logs at info level through the production
// logger options (so with the same redaction) into .tmp/test-logs/, and notes the secrets it was configured
// with beside it. After the whole run, scripts/check-logs-for-secrets.ts proves no configured secret reached a log.
import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import pino from 'pino';
import { loggerOptions } from '../app.ts';
import { configuredSecrets, type Config } from '../config.ts';

export const TEST_LOG_DIR = path.resolve(import.meta.dirname, '../../../.tmp/test-logs');
export const TEST_LOG_LEVEL = 'info';

const tag = `${process.pid}-${threadId}`;
let destination: pino.DestinationStream | undefined;

/** Adds the secrets of `config` to those the end-of-run scan looks for. */
export function noteSecrets(config: Config, label = tag): void {
  const secrets = configuredSecrets(config);
  if (secrets.length === 0) return;
  fs.mkdirSync(TEST_LOG_DIR, { recursive: true });
  fs.appendFileSync(
    path.join(TEST_LOG_DIR, `secrets-${label}.jsonl`),
    secrets.map((s) => JSON.stringify(s)).join('\n') + '\n',
  );
}

/** A logger for a test app: the store's own options, at info level, into this process's file of the run. */
export function testLogger(config: Config): pino.Logger {
  noteSecrets(config);
  destination ??= pino.destination({
    dest: path.join(TEST_LOG_DIR, `vitest-${tag}.log`),
    mkdir: true,
    sync: true,
  });
  return pino(
    { ...(loggerOptions(config) as pino.LoggerOptions), level: TEST_LOG_LEVEL },
    destination,
  );
}
