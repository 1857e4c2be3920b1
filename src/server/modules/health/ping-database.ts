// Whether the database answers a trivial query within `timeoutMs`: rejects otherwise.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export async function pingDatabase(db: Db, timeoutMs: number): Promise<void> {
  await Promise.race([
    db.execute(sql`select 1`),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('database timeout')), timeoutMs).unref(),
    ),
  ]);
}
