// Notes that the provider's webhook reached the store (with the right token), for the admin's payments panel:
// in the database, so every app process counts into the same row.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentWebhooks } from './payments.tables.ts';

export async function recordWebhookArrival(db: Db, provider: string): Promise<void> {
  const now = new Date();
  await db
    .insert(paymentWebhooks)
    .values({ provider, lastReceivedAt: now, received: 1 })
    .onConflictDoUpdate({
      target: paymentWebhooks.provider,
      set: {
        lastReceivedAt: sql`greatest(${paymentWebhooks.lastReceivedAt}, excluded.last_received_at)`,
        received: sql`${paymentWebhooks.received} + 1`,
      },
    });
}
