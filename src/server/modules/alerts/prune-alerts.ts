// Sent and skipped alerts are kept 30 days (the console's "last sent", an owner asking "did I get told?"), then
// deleted by the hourly pruning job. Waiting ones are never deleted: an alert is sent or it is still waiting.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export const KEEP_SENT_ALERTS_DAYS = 30;

export async function pruneOldAlerts(db: Db): Promise<number> {
  const deleted = await db.execute(sql`delete from owner_alerts
    where status in ('sent', 'skipped')
      and coalesce(sent_at, created_at) < now() - make_interval(days => ${KEEP_SENT_ALERTS_DAYS})`);
  return deleted.rowCount ?? 0;
}
