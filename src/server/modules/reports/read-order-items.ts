// The accounts handed over for some orders (sold, replaced, refunded) with each one's latest report: what
// the order card shows and what its "Report a problem" form offers. Orders show them through their
// OrderItems read (orders/read-orders.ts), which buildApp (app.ts) hands to the order routes.
import { sql } from 'drizzle-orm';
import type { OrderItem, ReportReason, ReportStatus } from '../../../shared/reports.ts';
import type { Db, Tx } from '../../db/client.ts';
import { warrantyEnd } from '../orders/warranty.ts';

type Row = {
  id: string;
  order_id: string;
  username: string;
  email: string | null;
  status: OrderItem['status'];
  sold_at: Date;
  report_id: string | null;
  report_status: ReportStatus | null;
  reason: ReportReason | null;
  reject_reason: string | null;
  report_created_at: Date | null;
};

export async function readOrderItems(
  db: Db | Tx,
  orderIds: string[],
  warrantyHours: number,
): Promise<Map<string, OrderItem[]>> {
  const byOrder = new Map<string, OrderItem[]>(orderIds.map((id) => [id, []]));
  if (!orderIds.length) return byOrder;
  const { rows } = await db.execute<Row>(sql`
    select a.id, a.order_id, a.username, a.email, a.status, a.sold_at,
           r.id as report_id, r.status as report_status, r.reason, r.reject_reason, r.created_at as report_created_at
    from individual_accounts a
    left join lateral (
      select id, status, reason, reject_reason, created_at from account_reports
      where account_reports.account_id = a.id order by created_at desc limit 1
    ) r on true
    where a.order_id in (${sql.join(
      orderIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      and a.status in ('sold', 'replaced', 'refunded')
    order by a.sold_at, a.created_at, a.id`);
  for (const r of rows) {
    byOrder.get(r.order_id)?.push({
      accountId: r.id,
      username: r.username,
      email: r.email,
      status: r.status,
      reportableUntil:
        r.status === 'sold' ? warrantyEnd(new Date(r.sold_at), warrantyHours).toISOString() : null,
      report: r.report_id
        ? {
            id: r.report_id,
            status: r.report_status!,
            reason: r.reason!,
            rejectReason: r.reject_reason,
            createdAt: new Date(r.report_created_at!).toISOString(),
          }
        : null,
    });
  }
  return byOrder;
}
