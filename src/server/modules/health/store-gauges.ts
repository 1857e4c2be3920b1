// The store's state as Prometheus gauges, read from the database at each scrape (so every process reports the
// same numbers, whichever one is asked): orders and top-ups by status, and the e-mail outbox's depth and failures.
import { sql } from 'drizzle-orm';
import client from 'prom-client';
import type { Db } from '../../db/client.ts';
import { OUTBOX_STATUSES } from '../../../shared/mail.ts';
import { ORDER_STATUSES } from '../../../shared/orders.ts';
import { PAYMENT_STATUSES } from '../../../shared/payments.ts';

/** Outbox states as an operator reads them: "retrying" is pending after a failed attempt. */
const OUTBOX_STATES = [...OUTBOX_STATUSES, 'retrying'] as const;

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

  return async function refresh(db: Db): Promise<void> {
    try {
      const counts = await db.execute<Count>(sql`
        select 'orders' as family, status, count(*)::int as n from orders group by status
        union all select 'payments', status, count(*)::int from payments group by status
        union all select 'outbox', case when status = 'pending' and last_error is not null then 'retrying' else status end, count(*)::int
          from email_outbox group by 2`);
      const due = await db.execute<{ s: number | null }>(sql`
        select extract(epoch from now() - min(next_attempt_at))::float8 as s from email_outbox
        where status in ('pending', 'sending') and next_attempt_at <= now()`);
      const set = (g: client.Gauge, family: Count['family'], statuses: readonly string[]) => {
        for (const status of statuses) g.set({ status }, 0);
        for (const c of counts.rows) if (c.family === family) g.set({ status: c.status }, c.n);
      };
      set(orders, 'orders', ORDER_STATUSES);
      set(topups, 'payments', PAYMENT_STATUSES);
      set(outbox, 'outbox', OUTBOX_STATES);
      oldestDue.set(Math.max(0, due.rows[0]?.s ?? 0));
      databaseUp.set(1);
    } catch {
      databaseUp.set(0);
    }
  };
}
