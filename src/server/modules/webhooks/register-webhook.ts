// A customer registers a webhook endpoint: the address checked (check-destination.ts), at most
// MAX_WEBHOOK_ENDPOINTS, and a signing secret made here, shown once and kept sealed with the credentials key.
import { count, eq, sql } from 'drizzle-orm';
import {
  MAX_WEBHOOK_ENDPOINTS,
  webhookMessages,
  type CreatedWebhook,
  type RegisterWebhookInput,
} from '../../../shared/webhooks.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { sealEmailBody } from '../mail/outbox.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import {
  checkWebhookUrl,
  RefusedDestination,
  type DestinationPolicy,
} from './check-destination.ts';
import { toWebhookEndpoint } from './webhook-answers.ts';
import { newWebhookSecret } from './sign-webhook.ts';
import { webhookEndpoints } from './webhooks.tables.ts';

export async function registerWebhook(
  db: Db,
  cipher: CredentialCipher,
  policy: DestinationPolicy,
  userId: string,
  input: RegisterWebhookInput,
): Promise<CreatedWebhook> {
  let url: string;
  try {
    url = checkWebhookUrl(input.url, policy);
  } catch (err) {
    if (err instanceof RefusedDestination) throw badRequest(err.message);
    throw err;
  }
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    // One registration of this customer at a time: a burst is counted one by one against the limit.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${userId}`}, 0))`,
    );
    const [held] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId));
    if ((held?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw conflict(webhookMessages.tooMany);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ userId, url, events: input.events, secretSealed: sealEmailBody(cipher, secret) })
      .returning();
    return { endpoint: toWebhookEndpoint(row!), secret };
  });
}
