// WAL archiving as the alert rules read it (issue 49: nothing watched it): when PostgreSQL last handed a segment to
// the archiver, when an attempt last failed, and how many finished segments wait in pg_wal for it. All 0 when
// archive_mode is off (the embedded database, a laptop) or during recovery, so no alert fires there.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type WalArchiving = { lastArchived: number; lastFailed: number; segmentsWaiting: number };

export async function readWalArchiving(db: Pick<Db, 'execute'>): Promise<WalArchiving> {
  const { rows } = await db.execute<{
    mode: string;
    archived: number | null;
    failed: number | null;
    lastWal: string | null;
    currentWal: string | null;
    segmentSize: string;
  }>(sql`
    select current_setting('archive_mode') as mode,
           extract(epoch from last_archived_time)::float8 as archived,
           extract(epoch from last_failed_time)::float8 as failed,
           last_archived_wal as "lastWal",
           case when pg_is_in_recovery() then null else pg_walfile_name(pg_current_wal_lsn()) end as "currentWal",
           current_setting('wal_segment_size') as "segmentSize"
      from pg_stat_archiver`);
  const r = rows[0];
  if (!r || r.mode === 'off' || r.currentWal === null)
    return { lastArchived: 0, lastFailed: 0, segmentsWaiting: 0 };
  const perLog = 0x1_0000_0000 / segmentBytes(r.segmentSize);
  // A WAL file name: 8 hex digits of timeline, then the segment number as "log" and "seg" (8 hex digits each).
  const segment = (name: string) =>
    Number.parseInt(name.slice(8, 16), 16) * perLog + Number.parseInt(name.slice(16, 24), 16);
  // The current segment is still being written: only the ones before it wait for the archiver.
  const firstUnarchived =
    r.lastWal && /^[0-9A-F]{24}$/.test(r.lastWal) ? segment(r.lastWal) + 1 : 0;
  return {
    lastArchived: r.archived ?? 0,
    lastFailed: r.failed ?? 0,
    segmentsWaiting: r.lastWal ? Math.max(0, segment(r.currentWal) - firstUnarchived) : 0,
  };
}

/** wal_segment_size as PostgreSQL prints it ("16MB"). */
function segmentBytes(setting: string): number {
  const m = /^(\d+)\s*(kB|MB|GB)$/.exec(setting);
  if (!m) return 16 * 1024 * 1024;
  return Number(m[1]) * { kB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[m[2] as 'kB' | 'MB' | 'GB'];
}
