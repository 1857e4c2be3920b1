// Before anything writes (migrations, the store's start): a PostgreSQL still replaying WAL after a restore to a
// moment is read-only until recovery ends. Wait for it, saying so in one line, for at most `limitSeconds`; a
// database that is read-only for good (a standby, default_transaction_read_only) is refused with one line, so
// nothing ever tries to migrate it and dies with a stack trace (issue 49).
import type pg from 'pg';
import { StartupError } from '../startup-error.ts';

export class DatabaseReadOnly extends StartupError {
  override name = 'DatabaseReadOnly';
}

export async function waitForWritable(
  pool: pg.Pool,
  { limitSeconds, say }: { limitSeconds: number; say: (line: string) => void },
): Promise<void> {
  const started = Date.now();
  for (let said = false; ; said = true) {
    const { rows } = await pool.query<{ recovering: boolean; readOnly: string }>(
      `select pg_is_in_recovery() as recovering, current_setting('default_transaction_read_only') as "readOnly"`,
    );
    const { recovering, readOnly } = rows[0]!;
    if (!recovering && readOnly === 'on')
      throw new DatabaseReadOnly(
        'The database is read-only (default_transaction_read_only = on): not migrating. Point DATABASE_URL at the primary.',
      );
    if (!recovering) return;
    if (Date.now() - started >= limitSeconds * 1000)
      throw new DatabaseReadOnly(
        `PostgreSQL is still in recovery (read-only) after ${limitSeconds} s: not migrating. ` +
          'When `select pg_is_in_recovery()` says f (a standby: promote it), run this again; RECOVERY_WAIT_SECONDS waits longer.',
      );
    if (!said)
      say(
        `database: PostgreSQL is still recovering (replaying WAL, read-only); waiting up to ${limitSeconds} s for it to finish…`,
      );
    await new Promise((r) => setTimeout(r, 500));
  }
}
