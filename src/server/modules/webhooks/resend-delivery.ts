// Resend: a delivered or given-up delivery is queued again, due now, with one more attempt allowed; the same event
// id and body go out, newly signed. One that is still queued or being sent is left as it is.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { webhookMessages, type ResendResult } from '../../../shared/webhooks.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { toWebhookDelivery } from './webhook-answers.ts';
import { webhookDeliveries, webhookEndpoints } from './webhooks.tables.ts';

export async function resendDelivery(
  db: Db,
  userId: string,
  deliveryId: string,
): Promise<ResendResult> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: sql`now()`,
      maxAttempts: sql`${webhookDeliveries.attempts} + 1`,
    })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.userId, userId),
        inArray(webhookDeliveries.status, ['delivered', 'failed']),
      ),
    )
    .returning();
  const [found] = await db
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.userId, userId)));
  if (!found) throw notFound(webhookMessages.deliveryNotFound);
  if (!row) throw conflict(webhookMessages.alreadyQueued);
  return {
    delivery: toWebhookDelivery(found.delivery, found.url),
    message: webhookMessages.resendQueued,
  };
}
