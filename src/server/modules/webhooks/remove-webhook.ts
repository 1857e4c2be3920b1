// Removes an endpoint of the owner's (another's is "not found"); its deliveries go with it (ON DELETE CASCADE), so
// nothing more is sent there, and a POST under way finds no row to record its outcome in. Also what else removes
// webhook rows: account deletion, and the pruning of old delivered ones.
import { and, eq, lt } from 'drizzle-orm';
import { webhookMessages, type WebhookEndpoint } from '../../../shared/webhooks.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { toWebhookEndpoint } from './webhook-answers.ts';
import { webhookDeliveries, webhookEndpoints } from './webhooks.tables.ts';

export async function removeWebhook(
  db: Db,
  userId: string,
  endpointId: string,
): Promise<WebhookEndpoint> {
  const [row] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId)))
    .returning();
  if (!row) throw notFound(webhookMessages.notFound);
  return toWebhookEndpoint(row);
}

/** Account deletion: the person's endpoints (their addresses) and every delivery to them go. */
export async function forgetWebhooksOf(tx: Tx, userId: string): Promise<void> {
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
}

/** Delivered deliveries are kept this long for the log (it shows the newest 50); failed ones stay for Resend. */
export const DELIVERED_KEPT_MS = 30 * 24 * 3600_000;

/** Housekeeping: deletes deliveries delivered more than DELIVERED_KEPT_MS ago; returns how many. */
export async function pruneDeliveredWebhooks(db: Db): Promise<number> {
  const { rowCount } = await db
    .delete(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'delivered'),
        lt(webhookDeliveries.deliveredAt, new Date(Date.now() - DELIVERED_KEPT_MS)),
      ),
    );
  return rowCount ?? 0;
}
