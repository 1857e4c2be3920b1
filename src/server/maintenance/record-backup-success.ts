// Records that a backup of `kind` just succeeded (the metric acctstore_last_backup_success_timestamp_seconds).
// A shell script does the same with: psql "$DATABASE_URL" -c "insert into backup_runs (kind, succeeded_at)
// values ('base', now()) on conflict (kind) do update set succeeded_at = excluded.succeeded_at"
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { BackupKind } from '../../shared/backups.ts';

export async function recordBackupSuccess(db: Db, kind: BackupKind): Promise<void> {
  await db.execute(sql`insert into backup_runs (kind, succeeded_at) values (${kind}, now())
    on conflict (kind) do update set succeeded_at = excluded.succeeded_at`);
}
