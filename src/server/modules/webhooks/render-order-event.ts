// The body of an order.completed event, made at the delivery's first claim: the trigger that queued it runs inside
// the purchase's SQL, which knows nothing of the API's shapes (or of the warranty, a setting); the body is then
// kept, so every attempt and every Resend sends the same bytes.
import type { Db } from '../../db/client.ts';
import { readOrders, type OrderItems } from '../orders/read-orders.ts';
import { webhookBody } from './enqueue-webhook-event.ts';

export async function renderOrderEvent(
  db: Db,
  delivery: { userId: string; subjectId: string; createdAt: Date },
  warrantyHours: number,
  orderItems: OrderItems,
): Promise<string> {
  const [order] = await readOrders(
    db,
    orderItems,
    delivery.userId,
    warrantyHours,
    delivery.subjectId,
  );
  if (!order) throw new Error(`order ${delivery.subjectId} not found`);
  return webhookBody('order.completed', delivery.subjectId, delivery.createdAt, { order });
}
