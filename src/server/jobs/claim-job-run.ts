// Claims one run of a periodic job for this process, atomically across processes: the upsert succeeds only
// when the job never ran or its last run is at least `everyMs` old, so exactly one claimant wins each interval.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export async function claimJobRun(db: Db, name: string, everyMs: number): Promise<boolean> {
  const claimed = await db.execute(sql`
    insert into job_runs (name, last_run_at) values (${name}, now())
    on conflict (name) do update set last_run_at = now()
    where job_runs.last_run_at <= now() - ${`${everyMs} milliseconds`}::interval
    returning name`);
  return claimed.rows.length === 1;
}
