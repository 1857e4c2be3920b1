// A webhook call from the provider, its token already checked: noted (for the admin's "last webhook"),
// read for a reference, and the payment it names verified and credited. The answer goes back within a few
// seconds whatever happens; the reconciler finishes the rest.
import { eq, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { payments } from './payments.tables.ts';
import { recordWebhookArrival } from './record-webhook-arrival.ts';
import type { Settle } from './settle-payment.ts';

const WEBHOOK_ANSWER_WITHIN_MS = 5000;

export async function receiveWebhook(
  { db, provider, settle }: { db: Db; provider: PaymentProvider; settle: Settle },
  body: unknown,
  log: FastifyBaseLogger,
): Promise<void> {
  await recordWebhookArrival(db, provider.name);
  const hint = provider.parseWebhook(body);
  const ref = hint?.transactionReference ?? hint?.paymentReference;
  if (!ref) {
    log.warn(
      { keys: Object.keys((body as object | null) ?? {}) },
      'webhook: unrecognised payload ignored',
    );
    return;
  }
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      or(
        eq(payments.providerReference, ref),
        eq(payments.reference, hint?.paymentReference ?? ref),
      ),
    );
  if (!payment) {
    log.warn({ ref }, 'webhook: no payment with this reference');
    return;
  }
  const settling = settle(payment.id, 'webhook').catch((err: unknown) =>
    log.error({ err, paymentId: payment.id }, 'webhook: settle failed'),
  );
  await Promise.race([
    settling,
    new Promise((resolve) => setTimeout(resolve, WEBHOOK_ANSWER_WITHIN_MS).unref()),
  ]);
}
