// A customer's order history with the state of each order's latest credentials e-mail, and the
// dashboard's recent activity (from the ledger).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ActivityList, CustomerOrder, CredentialsEmailState } from '../../../shared/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orderWarrantyEnd, readOrderItems } from '../reports/read-order-items.ts';
import { transactions } from '../wallet/wallet.tables.ts';
import { CREDENTIALS_EMAIL_KIND } from './credentials-email.ts';
import { orders } from './orders.tables.ts';

const HISTORY_LIMIT = 200;
const ACTIVITY_LIMIT = 5;

type EmailRow = {
  status: CredentialsEmailState['status'];
  to_address: string;
  sent_at: string | null;
  last_error: string | null;
};

export async function readOrders(
  db: Db | Tx,
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
  const items = await readOrderItems(
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
  }));
}

export function toEmailState(e: EmailRow): CredentialsEmailState {
  return {
    status: e.status,
    to: e.to_address,
    sentAt: e.sent_at ? new Date(e.sent_at).toISOString() : null,
    error: e.status === 'failed' ? e.last_error : null,
  };
}

export async function readActivity(db: Db, userId: string): Promise<ActivityList> {
  const rows = await db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(ACTIVITY_LIMIT);
  return {
    items: rows.map((t) => ({
      id: t.id,
      kind:
        t.type === 'purchase'
          ? 'purchase'
          : t.type === 'topup'
            ? 'topup'
            : t.type === 'refund'
              ? 'refund'
              : 'admin',
      description: t.description,
      amountKobo: t.amountKobo,
      createdAt: t.createdAt.toISOString(),
    })),
  };
}
