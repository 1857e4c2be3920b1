// The store's state as Prometheus gauges, read from the database at each scrape (so every process reports the
// same numbers, whichever one is asked): orders and top-ups by status, the e-mail outbox's depth and failures,
// the owner alerts waiting for Telegram, when each kind of backup last succeeded, and WAL archiving. A database that
// does not answer within SCRAPE_DB_TIMEOUT_MS is reported down (database_up 0) and the other figures keep their last
// values, so a scrape through the proxy answers within 2 s (issue 49). One read at a time: a scrape while one is in
// flight shares it, so scrapes of a hung database never pile up connections on it; each read is bounded by a
// statement_timeout too.
import { sql } from 'drizzle-orm';
import client from 'prom-client';
import type { Db } from '../../db/client.ts';
import { OUTBOX_STATUSES } from '../../../shared/mail.ts';
import { ORDER_STATUSES } from '../../../shared/orders.ts';
import { PAYMENT_STATUSES } from '../../../shared/payments.ts';
import { readWalArchiving } from './wal-archiving.ts';

/** Outbox states as an operator reads them: "retrying" is pending after a failed attempt. */
const OUTBOX_STATES = [...OUTBOX_STATUSES, 'retrying'] as const;

/** A scrape waits this long for the database before it says the database is down. */
export const SCRAPE_DB_TIMEOUT_MS = 1500;

type Count = { family: 'orders' | 'payments' | 'outbox'; status: string; n: number };

export function createStoreGauges(registry: client.Registry) {
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new client.Gauge({ name, help, labelNames, registers: [registry] });
  const orders = gauge('acctstore_orders', 'Purchases (orders) in the database, by status', [
    'status',
  ]);
  const topups = gauge('acctstore_topups', 'Wallet top-ups (payments) in the database, by status', [
    'status',
  ]);
  const outbox = gauge(
    'acctstore_email_outbox',
    'E-mail outbox messages by state (pending + sending + retrying = depth)',
    ['status'],
  );
  const oldestDue = gauge(
    'acctstore_email_outbox_oldest_due_seconds',
    'Age of the oldest e-mail waiting to be sent (0 when none)',
  );
  const databaseUp = gauge('acctstore_database_up', '1 when the database answered this scrape');
  const lastBackup = gauge(
    'acctstore_last_backup_success_timestamp_seconds',
    'When a backup of this kind last succeeded (Unix time; backup_runs); no series before the first',
    ['kind'],
  );

  const oldestTopup = gauge(
    'acctstore_topup_oldest_pending_seconds',
    'Age of the oldest top-up still pending (0 when none); a checkout link expires after 90 minutes',
  );

  const alertsWaiting = gauge(
    'acctstore_owner_alerts_waiting',
    'Owner alerts (Telegram) queued or being sent; grows while the Bot API is down or refuses the bot',
  );

  const walArchived = gauge(
    'acctstore_wal_last_archived_timestamp_seconds',
    'When PostgreSQL last archived a WAL segment (pg_stat_archiver; 0 when archiving is off)',
  );
  const walFailed = gauge(
    'acctstore_wal_last_archive_failure_timestamp_seconds',
    'When archiving a WAL segment last failed (pg_stat_archiver; 0 when it never did or archiving is off)',
  );
  const walWaiting = gauge(
    'acctstore_wal_segments_waiting',
    'Finished WAL segments not archived yet: they fill pg_wal and are lost with the disk',
  );

  const read = (db: Db) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = ${sql.raw(String(SCRAPE_DB_TIMEOUT_MS))}`);
      return readAll(tx);
    });
  const readAll = async (db: Pick<Db, 'execute'>) => {
    const wal = await readWalArchiving(db);
    const counts = await db.execute<Count>(sql`
        select 'orders' as family, status, count(*)::int as n from orders group by status
        union all select 'payments', status, count(*)::int from payments group by status
        union all select 'outbox', case when status = 'pending' and last_error is not null then 'retrying' else status end, count(*)::int
          from email_outbox group by 2`);
    const ages = await db.execute<{
      email: number | null;
      topup: number | null;
      alerts: number;
    }>(sql`
      select (select extract(epoch from now() - min(next_attempt_at))::float8 from email_outbox
               where status in ('pending', 'sending') and next_attempt_at <= now()) as email,
             (select extract(epoch from now() - min(created_at))::float8 from payments
               where status = 'pending') as topup,
             (select count(*)::int from owner_alerts where status in ('pending', 'sending')) as alerts`);
    const backups = await db.execute<{ kind: string; at: number }>(
      sql`select kind, extract(epoch from succeeded_at)::float8 as at from backup_runs`,
    );
    return { counts: counts.rows, ages: ages.rows[0], backups: backups.rows, wal };
  };

  let current: ReturnType<typeof read> | undefined;
  return async function refresh(db: Db): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      // A read in flight is waited on, never doubled (a hung database holds one connection, not one per scrape).
      if (!current) {
        const reading = read(db);
        current = reading;
        const done = () => current === reading && (current = undefined);
        reading.then(done, done);
      }
      const { counts, ages, backups, wal } = await Promise.race([
        current,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('database timeout')), SCRAPE_DB_TIMEOUT_MS);
        }),
      ]);
      const set = (g: client.Gauge, family: Count['family'], statuses: readonly string[]) => {
        for (const status of statuses) g.set({ status }, 0);
        for (const c of counts) if (c.family === family) g.set({ status: c.status }, c.n);
      };
      set(orders, 'orders', ORDER_STATUSES);
      set(topups, 'payments', PAYMENT_STATUSES);
      set(outbox, 'outbox', OUTBOX_STATES);
      oldestDue.set(Math.max(0, ages?.email ?? 0));
      oldestTopup.set(Math.max(0, ages?.topup ?? 0));
      alertsWaiting.set(ages?.alerts ?? 0);
      for (const b of backups) lastBackup.set({ kind: b.kind }, b.at);
      walArchived.set(wal.lastArchived);
      walFailed.set(wal.lastFailed);
      walWaiting.set(wal.segmentsWaiting);
      databaseUp.set(1);
    } catch {
      databaseUp.set(0);
    } finally {
      clearTimeout(timer);
    }
  };
}
