// The purchase of a group sold from a supplier's stock, as the one purchase handler reaches it (orders/purchase.ts
// asks this port when a group has no accounts of ours; app.ts hands it in, so orders never imports suppliers):
// the debit in one transaction (take-supplier-order.ts), then the first attempt at the supplier while our customer
// waits. Its answer is the order as it stands then: `completed` with the credentials, `failed` and refunded, or
// `processing` (the retry queue goes on under the same key, and the order page polls).
import { eq, sql } from 'drizzle-orm';
import type { SupplierPurchases } from '../orders/purchase.ts';
import { readWalletBalance } from '../auth/wallet-balance.ts';
import { attemptUpstreamPurchase, type AttemptDeps } from './attempt-upstream-purchase.ts';
import { upstreamPurchases } from './suppliers.tables.ts';
import { takeSupplierOrder } from './take-supplier-order.ts';

export type SupplierPurchaseDeps = AttemptDeps & {
  /** Wakes the retry queue (its job-engine poke). */
  pokeRetries: () => void;
  log: AttemptDeps['log'] & { error: (obj: object, msg: string) => void };
};

export function supplierPurchases(deps: SupplierPurchaseDeps): SupplierPurchases {
  return async (call) => {
    const row = await takeSupplierOrder(deps.db, call);
    if (row?.outcome !== 'supplier_order') return row;
    // Committed: from here a crash leaves a pending purchase that the retry queue sends.
    const [purchase] = await deps.db
      .select({ id: upstreamPurchases.id })
      .from(upstreamPurchases)
      .where(eq(upstreamPurchases.orderId, sql`${row.order_id}::uuid`));
    const status = await attemptUpstreamPurchase(deps, purchase!.id).catch((err: unknown) => {
      deps.log.error({ err, orderId: row.order_id }, 'supplier purchase: first attempt failed');
      return null;
    });
    if (status !== 'delivered' && status !== 'refused') deps.pokeRetries();
    // A refusal has refunded the wallet: the answer says the balance after it.
    return { ...row, balance_kobo: String(await readWalletBalance(deps.db, call.userId)) };
  };
}
