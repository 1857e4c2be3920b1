// The second half of a purchase from a supplier: what one attempt learned, applied by the state machine
// (upstream-transitions.ts) under the upstream_purchases row's lock, in ONE transaction with everything that goes
// with it. Delivered: the supplier's accounts sealed and sold to our order, the order `completed` with their public
// details, the credentials e-mail, the order.completed webhook and the owner's alert queued (the orders' triggers
// fire on INSERT only).
// Refused: the order `failed`, the whole amount back in the wallet (one 'refund' ledger row of the order, no report).
// Unknown: still pending, next attempt later. A second settlement of one row finds it settled and changes nothing.
import { sql } from 'drizzle-orm';
import { SECRET_KEY } from '../../../shared/catalogue.ts';
import type { Db, Tx } from '../../db/client.ts';
import { CREDENTIALS_EMAIL_PLACEHOLDER } from '../orders/credentials-email.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { postLedgerEntry } from '../wallet/post-ledger-entry.ts';
import {
  nextMove,
  retryDelayMs,
  type Move,
  type Observation,
  type RefusalReason,
  type UpstreamAccount,
} from './upstream-transitions.ts';

export type UpstreamRow = {
  id: string;
  order_id: string;
  status: 'pending' | 'delivered' | 'refused';
  quantity: number;
  attempts: number;
};
type OrderRow = {
  user_id: string;
  product_group_id: string;
  amount_kobo: string;
  email: string;
  product: string;
};

/** Applies what attempt number `attempt` saw; returns the row's status after it. */
export async function settleUpstreamPurchase(
  db: Db,
  cipher: CredentialCipher,
  purchaseId: string,
  seen: Observation,
  attempt: number,
): Promise<UpstreamRow['status']> {
  // Sealed before the transaction: no row is locked while AES runs.
  const sealed = seen.kind === 'delivered' ? seen.accounts.map((a) => seal(cipher, a)) : [];
  return db.transaction(async (tx) => {
    const [row] = (
      await tx.execute(sql`select id, order_id, status, quantity, attempts from upstream_purchases
                             where id = ${purchaseId} for update`)
    ).rows as UpstreamRow[];
    if (!row) throw new Error(`upstream purchase ${purchaseId} not found`);
    const move = nextMove(row.status, seen, { attempt, quantity: row.quantity });
    if (!move) return row.status;
    if (move.to === 'pending') await keepPending(tx, row, move);
    else {
      const [order] = (
        await tx.execute(sql`select o.user_id, o.product_group_id, o.amount_kobo, u.email,
                                    o.account_details ->> 'product_name' as product
                               from orders o join users u on u.id = o.user_id
                              where o.id = ${row.order_id} and o.status = 'processing' for update of o`)
      ).rows as OrderRow[];
      if (!order)
        throw new Error(`order ${row.order_id} of upstream purchase ${row.id} is not processing`);
      if (move.to === 'delivered') await deliver(tx, row, order, move.upstreamOrderId, sealed);
      else await refuse(tx, row, order, move.reason, move.message);
    }
    return move.to;
  });
}

async function keepPending(tx: Tx, row: UpstreamRow, move: Extract<Move, { to: 'pending' }>) {
  await tx.execute(sql`update upstream_purchases
                          set last_error = ${move.message},
                              upstream_order_id = coalesce(${move.upstreamOrderId ?? null}, upstream_order_id),
                              next_attempt_at = now() + ${retryDelayMs(row.attempts)} * interval '1 millisecond'
                        where id = ${row.id}`);
}

async function deliver(
  tx: Tx,
  row: UpstreamRow,
  order: OrderRow,
  upstreamOrderId: string,
  accounts: ReturnType<typeof seal>[],
) {
  // The accounts, sold to our order in the group that sells them: the order page, download, e-mail and reports
  // then work as for our own stock.
  const values = accounts.map(
    (
      a,
    ) => sql`(${order.product_group_id}::uuid, ${a.username}, ${a.email}, ${a.passwordEnc}, ${a.emailPasswordEnc},
                ${a.twoFaCodeEnc}, ${JSON.stringify(a.additionalInfo)}::jsonb, 'sold', ${row.order_id}::uuid, now())`,
  );
  await tx.execute(sql`insert into individual_accounts (product_group_id, username, email, password_enc,
                         email_password_enc, two_fa_code_enc, additional_info, status, order_id, sold_at)
                       values ${sql.join(values, sql`, `)}`);
  // The order keeps the accounts' public details, as purchase_order() writes them (36-order-public-account.sql).
  await tx.execute(sql`update orders o
                          set status = 'completed',
                              account_details = jsonb_set(o.account_details, '{accounts}', coalesce((
                                select jsonb_agg(p.account order by a.created_at, a.id)
                                  from individual_accounts a
                                 cross join lateral order_public_account(a.username, a.email, a.additional_info,
                                                                         ${SECRET_KEY.source}) p
                                 where a.order_id = o.id), '[]'::jsonb))
                        where o.id = ${row.order_id}`);
  await tx.execute(sql`update upstream_purchases
                          set status = 'delivered', upstream_order_id = ${upstreamOrderId}, last_error = null,
                              settled_at = now()
                        where id = ${row.id}`);
  await tx.execute(sql`insert into email_outbox (kind, to_address, subject, text_body, user_id, order_id)
                       select * from order_credentials_email(${order.user_id}::uuid, ${row.order_id}::uuid,
                                                             ${order.email}, ${CREDENTIALS_EMAIL_PLACEHOLDER})`);
  await tx.execute(sql`insert into webhook_deliveries (endpoint_id, user_id, event, event_id, subject_id)
                       select * from webhook_deliveries_of('order.completed', ${order.user_id}::uuid,
                                                           ${row.order_id}::uuid)
                       on conflict (endpoint_id, event_id) do nothing`);
  // The owner's alert of a completed order, as 24-orders-owner-alert.sql writes it for the orders it sees inserted.
  await tx.execute(sql`select enqueue_owner_alert('order_completed', jsonb_build_object(
                         'order_ref', 'ORD-' || upper(left(o.id::text, 8)), 'product', o.account_details ->> 'product_name',
                         'quantity', o.quantity, 'amount_kobo', o.amount_kobo))
                         from orders o left join owner_alert_settings s on s.id = 1
                        where o.id = ${row.order_id} and o.amount_kobo >= coalesce(s.min_order_kobo, 0)`);
  await addToClosedSalesHour(tx, row.order_id);
}

/**
 * The Overview's rollup closes an hour's completed orders once (roll_sales_hours(), 50): an order of that hour
 * completed after it closed is added here. FOR SHARE waits for a roll under way, and a roll that starts after it
 * skips (SKIP LOCKED) until this commits, so the order is counted exactly once.
 */
async function addToClosedSalesHour(tx: Tx, orderId: string) {
  await tx.execute(sql`with w as (select sales_through from sales_rollup where id = 1 for share),
                         o as (select date_trunc('hour', created_at, 'UTC') as hour, product_group_id, quantity,
                                      amount_kobo
                                 from orders where id = ${orderId} and created_at < (select sales_through from w)),
                         h as (insert into sales_hours as s (hour, product_group_id, orders, units, revenue_kobo)
                               select hour, product_group_id, 1, quantity, amount_kobo from o
                               on conflict (hour, product_group_id) do update
                                 set orders = s.orders + 1, units = s.units + excluded.units,
                                     revenue_kobo = s.revenue_kobo + excluded.revenue_kobo)
                       insert into sales_days as d (day, product_group_id, orders, units, revenue_kobo)
                       select date_trunc('day', hour, 'Africa/Lagos'), product_group_id, 1, quantity, amount_kobo from o
                       on conflict (day, product_group_id) do update
                         set orders = d.orders + 1, units = d.units + excluded.units,
                             revenue_kobo = d.revenue_kobo + excluded.revenue_kobo`);
}

async function refuse(
  tx: Tx,
  row: UpstreamRow,
  order: OrderRow,
  reason: RefusalReason,
  message: string,
) {
  // The order keeps why (its page shows supplierMessages for it); the supplier's own words are the owner's.
  await tx.execute(sql`update orders
                          set status = 'failed',
                              account_details = account_details || jsonb_build_object('supplier_refusal', ${reason}::text)
                        where id = ${row.order_id}`);
  const amountKobo = Number(order.amount_kobo);
  if (amountKobo > 0) {
    const ref = row.order_id.slice(0, 8).toUpperCase();
    const posted = await postLedgerEntry(tx, {
      userId: order.user_id,
      type: 'refund',
      amountKobo,
      description: `Refund: ${order.product} (ORD-${ref}): our supplier could not fulfil it`,
      // Unique among refunds: the whole order id (a report's refund has its own reference).
      reference: `REFUND-ORD-${row.order_id}`,
      orderId: row.order_id,
    });
    if (!posted) throw new Error('a refund cannot be refused');
  }
  await tx.execute(sql`update upstream_purchases
                          set status = 'refused', refusal = ${message}, settled_at = now()
                        where id = ${row.id}`);
}

function seal(cipher: CredentialCipher, a: UpstreamAccount) {
  return {
    username: a.username,
    email: a.email,
    passwordEnc: cipher.encrypt(a.password),
    emailPasswordEnc: a.emailPassword === null ? null : cipher.encrypt(a.emailPassword),
    twoFaCodeEnc: a.twoFaCode === null ? null : cipher.encrypt(a.twoFaCode),
    additionalInfo: a.additionalInfo,
  };
}
