// The first half of a purchase from a supplier, in ONE transaction: our customer's session and wallet row (locked),
// the Idempotency-Key, the listing, the quantity rule, the price (the same SQL as our own stock: price_order(), 08),
// the balance, the promo code's use, the supplier's stock as we last heard it, our order `processing`, its debit and
// ledger row, and the upstream_purchases row with a fresh Idempotency-Key. The supplier is called only after commit
// (attempt-upstream-purchase.ts): a crash before commit leaves nothing, a crash after it leaves a pending row that the
// retry queue sends (docs/decisions/034-reselling-a-supplier.md, "Why the key is written with the debit").
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { PurchaseCall } from '../orders/purchase-batches.ts';
import type { SupplierPurchaseRow } from '../orders/purchase.ts';

type Refusal = Omit<SupplierPurchaseRow, 'order_id'> & { order_id: null };

/** Thrown inside the transaction to roll back what it wrote (a promo code's use) and answer the refusal. */
class Refused extends Error {
  readonly row: Refusal;
  constructor(row: Refusal) {
    super(row.outcome);
    this.row = row;
  }
}

type Listing = {
  id: string;
  name: string;
  category: string;
  category_id: string;
  price_kobo: string;
  volume_prices: unknown;
  stock_count: number;
  min_q: number;
  max_q: number | null;
  supplier_id: string;
  supplier_product_id: string;
  upstream_id: string;
  offered: boolean;
};

/** null: the group is not one of a supplier's (the caller's own answer stands). */
export async function takeSupplierOrder(
  db: Db,
  call: PurchaseCall,
): Promise<SupplierPurchaseRow | null> {
  // Most out_of_stock answers are our own groups selling out: one index probe, no transaction, tells them apart.
  const listed = await db.execute(
    sql`select 1 from supplier_listings where product_group_id = ${call.productGroupId}`,
  );
  if (!listed.rows.length) return null;
  try {
    return await db.transaction((tx) => take(tx, call));
  } catch (err) {
    if (err instanceof Refused) return err.row;
    throw err;
  }
}

async function take(tx: Tx, call: PurchaseCall): Promise<SupplierPurchaseRow | null> {
  const refuse = (outcome: SupplierPurchaseRow['outcome'], balance: number, available = 0) => {
    throw new Refused({ outcome, order_id: null, balance_kobo: String(balance), available });
  };
  // 1. The buyer's session, still open, and the wallet row, locked (as purchase_order(), step 1): this customer's
  //    purchases and every retry of one key run one at a time.
  const [buyer] = await rows<{ email: string; balance: string }>(
    tx,
    sql`select u.email, u.wallet_balance_kobo as balance from sessions s join users u on u.id = s.user_id
         where s.token_hash = ${call.sessionTokenHash} and s.user_id = ${call.userId} and s.expires_at > now()
           for no key update of u`,
  );
  if (!buyer) return refuse('unauthenticated', 0);
  const balance = Number(buyer.balance);
  // 2. The key: its first order answers every retry (the key may have won a race with purchase_order()).
  const [earlier] = await rows<{ id: string; request_hash: string | null }>(
    tx,
    sql`select id, request_hash from orders where idempotency_key = ${call.idempotencyKey} and user_id = ${call.userId}`,
  );
  if (earlier) {
    if (earlier.request_hash !== call.requestHash) return refuse('idempotency_mismatch', balance);
    return { outcome: 'replayed', order_id: earlier.id, balance_kobo: buyer.balance, available: 0 };
  }
  // 3. The listing: an active group of an active category sold from a supplier's product.
  const [listing] = await rows<Listing>(
    tx,
    sql`select g.id, g.name, c.name as category, g.category_id, g.price_kobo, g.volume_prices, g.stock_count,
               greatest(g.min_order_quantity, p.min_order_quantity) as min_q,
               least(g.max_order_quantity, p.max_order_quantity) as max_q,
               p.supplier_id, p.id as supplier_product_id, p.upstream_id, p.offered
          from supplier_listings l join product_groups g on g.id = l.product_group_id
          join categories c on c.id = g.category_id join supplier_products p on p.id = l.supplier_product_id
         where l.product_group_id = ${call.productGroupId} and g.is_active and c.is_active`,
  );
  if (!listing) return null;
  if (call.accountId) return refuse('account_unavailable', balance);
  if (call.quantity < listing.min_q || (listing.max_q !== null && call.quantity > listing.max_q))
    return refuse('quantity_not_allowed', balance);
  // 4. The price, by the rule our own stock is priced by (volume price, then the promo code).
  const [price] = await rows<{
    outcome: SupplierPurchaseRow['outcome'] | 'ok';
    promo_code_id: string | null;
    unit_price_kobo: string;
    list_amount_kobo: string;
    discount_kobo: string;
    amount_kobo: string;
  }>(
    tx,
    sql`select * from price_order(${call.userId}, ${listing.id}, ${listing.category_id}, ${listing.price_kobo},
                                  ${JSON.stringify(listing.volume_prices)}::jsonb, ${call.quantity}, ${call.promoCode})`,
  );
  if (price!.outcome !== 'ok') return refuse(price!.outcome, balance);
  const amount = Number(price!.amount_kobo);
  if (!listing.offered || listing.stock_count < call.quantity)
    return refuse('out_of_stock', balance, listing.offered ? listing.stock_count : 0);
  if (balance < amount) return refuse('insufficient_balance', balance);
  // 5. The code's use, counted now that the order will be made (09-redeem-promo-code.sql).
  if (price!.promo_code_id) {
    const [redeemed] = await rows<{ ok: boolean }>(
      tx,
      sql`select redeem_promo_code(${price!.promo_code_id}) as ok`,
    );
    if (!redeemed!.ok) return refuse('promo_used_up', balance);
  }
  // 6. The supplier's stock as we last heard it, taken down by this order: never sell more than the supplier said.
  //    The supplier's own answer is the real guard (it refuses what it no longer has; we refund).
  const taken = await rows(
    tx,
    sql`update product_groups set stock_count = stock_count - ${call.quantity}
         where id = ${listing.id} and stock_count >= ${call.quantity} returning stock_count`,
  );
  if (!taken.length) return refuse('out_of_stock', balance);
  // 7. Our order, processing, with no accounts yet (they come with the supplier's answer).
  const orderId = crypto.randomUUID();
  const code = price!.promo_code_id && call.promoCode ? call.promoCode.toUpperCase() : null;
  await tx.execute(
    sql`insert into orders (id, user_id, product_group_id, quantity, amount_kobo, list_amount_kobo, discount_kobo,
                            promo_code_id, status, idempotency_key, request_hash, account_details)
        values (${orderId}, ${call.userId}, ${listing.id}, ${call.quantity}, ${amount}, ${price!.list_amount_kobo},
                ${price!.discount_kobo}, ${price!.promo_code_id}, 'processing', ${call.idempotencyKey},
                ${call.requestHash},
                purchase_order_details(${listing.name}, ${listing.category}, ${call.quantity},
                                       ${price!.unit_price_kobo}::bigint, ${listing.price_kobo}::bigint, ${code}::text,
                                       ${price!.discount_kobo}::bigint, '[]'::jsonb))`,
  );
  // 8. The debit and its ledger row, written as our own purchases write them (38-purchase-ledger-entry.sql).
  let after = balance;
  if (amount > 0) {
    const [debited] = await rows<{ balance: string }>(
      tx,
      sql`update users set wallet_balance_kobo = wallet_balance_kobo - ${amount}, updated_at = now()
           where id = ${call.userId} returning wallet_balance_kobo as balance`,
    );
    after = Number(debited!.balance);
    await tx.execute(
      sql`insert into transactions (user_id, type, amount_kobo, balance_after_kobo, description, reference, status, order_id)
          select * from purchase_ledger_entry(${call.userId}, ${orderId}, ${listing.name}, ${call.quantity}, ${amount}, ${after})`,
    );
  }
  // 9. The purchase from the supplier, pending, under a key of its own: every attempt sends this key.
  await tx.execute(
    sql`insert into upstream_purchases (order_id, supplier_id, supplier_product_id, upstream_product_id, quantity,
                                        idempotency_key)
        values (${orderId}, ${listing.supplier_id}, ${listing.supplier_product_id}, ${listing.upstream_id},
                ${call.quantity}, ${crypto.randomUUID()})`,
  );
  return {
    outcome: 'supplier_order',
    order_id: orderId,
    balance_kobo: String(after),
    available: 0,
  };
}

async function rows<R>(tx: Tx, query: ReturnType<typeof sql>): Promise<R[]> {
  return (await tx.execute(query)).rows as R[];
}
