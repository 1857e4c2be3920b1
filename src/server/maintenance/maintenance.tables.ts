// When each kind of backup last succeeded, written by the backup commands (record-backup-success.ts) and read
// at each metrics scrape, so an alert fires when the newest backup is older than a day.
import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { BACKUP_KINDS } from '../../shared/backups.ts';

export const backupRuns = pgTable(
  'backup_runs',
  {
    kind: text('kind', { enum: BACKUP_KINDS }).primaryKey(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('backup_runs_kind', sql`${t.kind} in ('logical', 'base')`)],
);
