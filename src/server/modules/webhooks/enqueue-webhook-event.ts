// Queues an event for every endpoint of its customer that asked for it, with the caller's transaction: the
// deliveries exist exactly when their cause committed (a top-up's credit, a report's resolution). Orders are
// queued by their table's trigger (db/functions/45-orders-webhook-events.sql), in the purchase's statement; both
// with the rows built by the one webhook_deliveries_of() (db/functions/44-webhook-deliveries-of.sql).
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { webhookPayloadSchemas, type WebhookEvent } from '../../../shared/webhooks.ts';
import type { Db, Tx } from '../../db/client.ts';

/** One id per event, the same wherever it is computed: PostgreSQL's md5(event || ':' || subject)::uuid. */
export function webhookEventId(event: WebhookEvent, subjectId: string): string {
  const h = crypto.createHash('md5').update(`${event}:${subjectId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

type EventData<E extends WebhookEvent> = ReturnType<
  (typeof webhookPayloadSchemas)[E]['parse']
>['data'];

/** The body sent for an event, checked against the schema the OpenAPI document publishes. */
export function webhookBody<E extends WebhookEvent>(
  event: E,
  subjectId: string,
  at: Date,
  data: EventData<E>,
): string {
  const payload = { id: webhookEventId(event, subjectId), type: event, createdAt: at, data };
  return JSON.stringify(
    webhookPayloadSchemas[event].parse({ ...payload, createdAt: at.toISOString() }),
  );
}

export async function enqueueWebhookEvent<E extends WebhookEvent>(
  tx: Db | Tx,
  event: { userId: string; type: E; subjectId: string; data: EventData<E>; at?: Date },
): Promise<void> {
  const at = event.at ?? new Date();
  const body = webhookBody(event.type, event.subjectId, at, event.data);
  await tx.execute(sql`
    insert into webhook_deliveries (endpoint_id, user_id, event, event_id, subject_id, payload, created_at)
    select d.*, ${body}, ${at}
    from webhook_deliveries_of(${event.type}, ${event.userId}, ${event.subjectId}) d
    on conflict (endpoint_id, event_id) do nothing`);
}
