// Test helpers for purchases: buy through the real API (any body, any key), and read back what a purchase changes.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { users } from '../modules/auth/auth.tables.ts';
import { productGroups } from '../modules/catalogue/catalogue.tables.ts';
import { SAME_ORIGIN } from './auth-helpers.ts';

export function purchaseClient(app: FastifyInstance, db: Db) {
  return {
    buy: (cookie: string, body: object, key: string = crypto.randomUUID()) =>
      app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie, ...SAME_ORIGIN, 'idempotency-key': key },
        payload: body,
      }),
    balanceOf: async (id: string) =>
      (await db.select().from(users).where(eq(users.id, id)))[0]!.walletBalanceKobo,
    stockOf: async (id: string) =>
      (await db.select().from(productGroups).where(eq(productGroups.id, id)))[0]!.stockCount,
  };
}
