// A customer's order history with the state of each order's latest credentials e-mail.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CustomerOrder, CredentialsEmailState } from '../../../shared/orders.ts';
import { supplierMessages } from '../../../shared/suppliers.ts';
import type { OrderItem } from '../../../shared/reports.ts';
import type { Db, Tx } from '../../db/client.ts';
import { CREDENTIALS_EMAIL_KIND } from './credentials-email.ts';
import { orders } from './orders.tables.ts';

const HISTORY_LIMIT = 200;

/**
 * The accounts handed over for some orders, each with its latest report. The reports module answers (it
 * depends on orders: a report is about an order's account), so orders may not import it: buildApp (app.ts)
 * hands the reports' read to the routes that show orders (docs/decisions/019-module-boundaries.md).
 */
export type OrderItems = (
  db: Db | Tx,
  orderIds: string[],
  warrantyHours: number,
) => Promise<Map<string, OrderItem[]>>;

type EmailRow = {
  status: CredentialsEmailState['status'];
  to_address: string;
  sent_at: string | null;
  last_error: string | null;
};

export async function readOrders(
  db: Db | Tx,
  orderItems: OrderItems,
  userId: string,
  warrantyHours: number,
  onlyOrderId?: string,
): Promise<CustomerOrder[]> {
  const rows = await db
    .select({
      order: orders,
      // Written as plain SQL: Drizzle leaves a lone table's columns unqualified, which would bind to email_outbox.
      email: sql<EmailRow | null>`(select row_to_json(e) from (
        select status, to_address, sent_at, last_error from email_outbox
        where email_outbox.order_id = orders.id and kind = ${CREDENTIALS_EMAIL_KIND}
        order by created_at desc limit 1) e)`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), onlyOrderId ? eq(orders.id, onlyOrderId) : undefined))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(HISTORY_LIMIT);
  const items = await orderItems(
    db,
    rows.map((r) => r.order.id),
    warrantyHours,
  );
  return rows.map(({ order, email }) => ({
    id: order.id,
    productGroupId: order.productGroupId,
    productName: order.accountDetails.product_name,
    category: order.accountDetails.category,
    quantity: order.quantity,
    pricePerUnitKobo: order.accountDetails.price_per_unit_kobo,
    listAmountKobo: order.listAmountKobo,
    discountKobo: order.discountKobo,
    promoCode: order.accountDetails.promo_code ?? null,
    amountKobo: order.amountKobo,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    accounts: order.accountDetails.accounts.map((a) => ({
      username: a.username,
      email: a.email,
      details: a.additional_info as CustomerOrder['accounts'][number]['details'],
    })),
    email: email ? toEmailState(email) : null,
    items: items.get(order.id) ?? [],
    warrantyEndsAt: orderWarrantyEnd(items.get(order.id) ?? []),
    ...noticeOf(order),
  }));
}

/** Only our supplier's products are ever processing or failed (docs/decisions/034). */
function noticeOf(order: typeof orders.$inferSelect): { notice?: string } {
  if (order.status === 'processing') return { notice: supplierMessages.processing };
  if (order.status !== 'failed') return {};
  return {
    notice:
      order.accountDetails.supplier_refusal === 'out_of_stock'
        ? supplierMessages.supplierOutOfStock
        : supplierMessages.supplierRefused,
  };
}

export function toEmailState(e: EmailRow): CredentialsEmailState {
  return {
    status: e.status,
    to: e.to_address,
    sentAt: e.sent_at ? new Date(e.sent_at).toISOString() : null,
    error: e.status === 'failed' ? e.last_error : null,
  };
}

/** The latest end of a still-reportable account's window, if it is still in the future. */
export function orderWarrantyEnd(items: OrderItem[], now = new Date()): string | null {
  const ends = items
    .map((i) => i.reportableUntil)
    .filter((t): t is string => t !== null && new Date(t) > now);
  return ends.length ? ends.sort().at(-1)! : null;
}
