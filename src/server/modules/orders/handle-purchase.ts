// The one purchase handler, called by the web checkout (POST /api/orders) and by /api/v1 (POST /api/v1/orders): it
// reads the Idempotency-Key and the body, calls the purchase verb, pokes the outboxes after a new order and answers
// 201 (200 for a replay) with the order and the balance after it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  orderMessages,
  purchaseSchema,
  type PurchaseInput,
  type PurchaseResult,
} from '../../../shared/orders.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { badRequest } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { purchase, type PurchaseLine } from './purchase.ts';
import { readOrders, type OrderItems } from './read-orders.ts';

/** What a door may say in its own words: its key rule (the message is the error's) and its body schema. */
export type PurchaseDoor = {
  keySchema: z.ZodType<string>;
  bodySchema: z.ZodType<PurchaseInput>;
};

/** The web checkout's door: SPEC.md's message for a missing or malformed key. */
export const checkoutDoor: PurchaseDoor = {
  keySchema: z
    .string({ error: orderMessages.idempotencyRequired })
    .trim()
    .min(8, orderMessages.idempotencyRequired)
    .max(100, orderMessages.idempotencyRequired),
  bodySchema: purchaseSchema,
};

export type PurchaseHandlerDeps = {
  db: Db;
  purchases: PurchaseLine;
  pokeMail: () => void;
  /** A setting: read at each purchase. */
  warrantyHours: () => number;
  orderItems: OrderItems;
  door?: PurchaseDoor;
};

export async function handlePurchase(
  req: FastifyRequest,
  reply: FastifyReply,
  { db, purchases, pokeMail, warrantyHours, orderItems, door = checkoutDoor }: PurchaseHandlerDeps,
): Promise<PurchaseResult> {
  const user = currentUser(req);
  const key = door.keySchema.safeParse(req.headers['idempotency-key']);
  if (!key.success) throw badRequest(key.error.issues[0]!.message);
  const input = parseInput(door.bodySchema, req.body);
  // purchase_order checks the session (a key's own, docs/decisions/023) again in its transaction.
  const outcome = await purchase(db, purchases, {
    user,
    sessionTokenHash: req.sessionTokenHash!,
    input,
    idempotencyKey: key.data,
    warrantyHours: warrantyHours(),
  });
  if (!outcome.replayed) {
    pokeMail();
    req.log.info(
      { orderId: outcome.orderId, quantity: input.quantity, apiKeyId: req.apiKeyId },
      'purchase: order completed',
    );
  }
  const order =
    outcome.order ??
    (await readOrders(db, orderItems, user.id, warrantyHours(), outcome.orderId))[0]!;
  reply.status(outcome.replayed ? 200 : 201);
  return { order, balanceKobo: outcome.balanceKobo };
}
