// Endpoints and deliveries as their owner sees them: never the secret, never the payload.
import type { WebhookDelivery, WebhookEndpoint } from '../../../shared/webhooks.ts';
import type { webhookDeliveries, webhookEndpoints } from './webhooks.tables.ts';

export function toWebhookEndpoint(row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint {
  return { id: row.id, url: row.url, events: row.events, createdAt: row.createdAt.toISOString() };
}

export function toWebhookDelivery(
  row: typeof webhookDeliveries.$inferSelect,
  url: string,
): WebhookDelivery {
  const waiting = row.status === 'pending' || row.status === 'sending';
  return {
    id: row.id,
    endpointId: row.endpointId,
    url,
    event: row.event,
    eventId: row.eventId,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: waiting ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
