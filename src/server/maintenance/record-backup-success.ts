// Records that a backup of `kind` just succeeded (the metric acctstore_last_backup_success_timestamp_seconds).
// A database older than the table (an upgrade's backup, made by the new release before its `db:migrate`) has
// nothing to record into: false, and the backup itself still counts (issue 49).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { BackupKind } from '../../shared/backups.ts';

export async function recordBackupSuccess(db: Db, kind: BackupKind): Promise<boolean> {
  const { rows } = await db.execute<{ exists: boolean }>(
    sql`select to_regclass('public.backup_runs') is not null as exists`,
  );
  if (!rows[0]?.exists) return false;
  await db.execute(sql`insert into backup_runs (kind, succeeded_at) values (${kind}, now())
    on conflict (kind) do update set succeeded_at = excluded.succeeded_at`);
  return true;
}

/** What a backup command prints when the database had no backup_runs to record into. */
export const NOT_RECORDED =
  'not recorded in backup_runs: this database predates it (the new release creates it with `npm run db:migrate`).';
