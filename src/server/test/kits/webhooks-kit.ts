// What the webhooks tests share (webhook-events and webhook-outbox .test.ts): each file calls webhooksTestKit() for a
// store of its own.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  WEBHOOK_SIGNATURE_HEADER,
  webhookPayloadSchemas,
  type WebhookEvent,
} from '../../../shared/webhooks.ts';
import { quickCustomer } from '../auth-helpers.ts';
import { createInstantProvider } from '../instant-provider.ts';
import { reportClient } from '../report-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { startWebhookReceiver, webhookClient, type Received } from '../webhook-receiver.ts';
import { verifyWebhookSignature } from '../../modules/webhooks/sign-webhook.ts';
import { webhookDeliveries } from '../../modules/webhooks/webhooks.tables.ts';
import type { Resolve } from '../../modules/webhooks/check-destination.ts';

export async function webhooksTestKit() {
  const dns: { answer: { address: string; family: number }[] } = {
    answer: [{ address: '127.0.0.1', family: 4 }],
  };
  const resolverCalls: string[] = [];
  const resolve: Resolve = async (host) => (resolverCalls.push(host), dns.answer);

  const { app, db } = await createTestApp({
    deps: { paymentProvider: createInstantProvider(), resolveWebhookHost: resolve },
  });
  const hooks = webhookClient(app);
  const receiver = await startWebhookReceiver();
  const shop = reportClient(app);

  /** The event a receiver got, after checking its signature the way the /developers page shows. */
  function verified(r: Received, secret: string) {
    const header = r.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string;
    expect(verifyWebhookSignature(secret, r.body, header), 'the signature verifies').toBe(true);
    const event = JSON.parse(r.body) as { type: WebhookEvent; id: string };
    return webhookPayloadSchemas[event.type].parse(event);
  }

  async function customerWithHook(url = receiver.url, fundKobo = 1_000_000) {
    const customer = await quickCustomer(db, fundKobo);
    const { secret, endpoint } = await hooks.register(customer.cookie, url);
    return { ...customer, secret, endpoint };
  }

  const deliveriesOf = (userId: string) =>
    db.select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, userId));
  return {
    dns,
    resolverCalls,
    resolve,
    app,
    db,
    hooks,
    receiver,
    shop,
    verified,
    customerWithHook,
    deliveriesOf,
  };
}
