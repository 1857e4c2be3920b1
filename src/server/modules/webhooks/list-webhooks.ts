// A customer's endpoints and their latest deliveries (the log in /profile), newest first.
import { desc, eq } from 'drizzle-orm';
import { WEBHOOK_DELIVERIES_SHOWN, type WebhookList } from '../../../shared/webhooks.ts';
import type { Db } from '../../db/client.ts';
import { toWebhookDelivery, toWebhookEndpoint } from './webhook-answers.ts';
import { webhookDeliveries, webhookEndpoints } from './webhooks.tables.ts';

export async function listWebhooks(db: Db, userId: string): Promise<WebhookList> {
  const [endpoints, deliveries] = await Promise.all([
    db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId))
      .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id)),
    db
      .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.userId, userId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(WEBHOOK_DELIVERIES_SHOWN),
  ]);
  return {
    endpoints: endpoints.map(toWebhookEndpoint),
    deliveries: deliveries.map((d) => toWebhookDelivery(d.delivery, d.url)),
  };
}
