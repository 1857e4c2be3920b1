// The Orders tab's CSV export: the filtered set streamed from the database 1,000 rows at a time (keyset
// pages, so memory stays flat however many orders there are), formula-looking cells neutralised.
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { AdminOrdersQuery } from '../../../shared/admin-orders.ts';
import { koboToNaira } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { csvExport } from '../../http/csv-export.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import {
  ADMIN_ORDER_COLUMNS,
  ADMIN_ORDER_FROM,
  adminOrdersWhere,
  toAdminOrder,
  type AdminOrderRow,
} from './read-admin-orders.ts';

const BATCH = 1000;
const COLUMNS = [
  'order_id',
  'created_at',
  'customer_email',
  'product',
  'category',
  'quantity',
  'amount_naira',
  'refunded_naira',
  'status',
  'usernames',
  'promo_code',
  'discount_naira',
];

async function* rows(db: Db, q: Omit<AdminOrdersQuery, 'offset'>) {
  const where = adminOrdersWhere(q);
  // The cursor keeps PostgreSQL's microseconds (as text): a JS Date would round them and skip or repeat rows.
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const page: { rows: (AdminOrderRow & { cursor_at: string })[] } = await db.execute<
      AdminOrderRow & { cursor_at: string }
    >(sql`
      select ${ADMIN_ORDER_COLUMNS}, o.created_at::text as cursor_at from ${ADMIN_ORDER_FROM} where ${where}
      ${after ? sql`and (o.created_at, o.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by o.created_at desc, o.id desc limit ${BATCH}`);
    for (const r of page.rows) {
      const o = toAdminOrder(r);
      yield [
        o.id,
        o.createdAt,
        o.customerEmail,
        o.productName,
        o.categoryName,
        o.quantity,
        koboToNaira(o.amountKobo).toFixed(2),
        koboToNaira(o.refundedKobo).toFixed(2),
        o.status,
        o.usernames.join(' '),
        o.promoCode ?? '',
        koboToNaira(o.discountKobo).toFixed(2),
      ];
    }
    if (page.rows.length < BATCH) return;
    const last = page.rows.at(-1)!;
    after = { at: last.cursor_at, id: last.id };
  }
}

/** The Activity trail records who took the file (with its filters) before the first row leaves. */
export async function exportAdminOrders(
  db: Db,
  actor: AuditActor,
  q: Omit<AdminOrdersQuery, 'offset'>,
): Promise<Readable> {
  await recordAudit(db, actor, 'order.export', { type: 'orders', id: null }, { filters: q });
  return Readable.from(rows(db, q)).pipe(csvExport(COLUMNS));
}
