// Webhooks in /profile: a customer registers (with a fresh second-factor code when two-factor sign-in is on),
// lists and removes their endpoints, reads the delivery log and resends a delivery.
import type { FastifyInstance } from 'fastify';
import {
  createdWebhookSchema,
  registerWebhookSchema,
  resendResultSchema,
  webhookEndpointSchema,
  webhookListSchema,
  webhookMessages,
  type CreatedWebhook,
  type ResendResult,
  type WebhookEndpoint,
  type WebhookList,
} from '../../../shared/webhooks.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { parseId } from '../../http/params.ts';
import { consumeLimit } from '../../http/rate-limit.ts';
import { answers } from '../../http/response-schemas.ts';
import { parseInput } from '../../http/validate.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import type { DestinationPolicy } from './check-destination.ts';
import { listWebhooks } from './list-webhooks.ts';
import { registerWebhook } from './register-webhook.ts';
import { removeWebhook } from './remove-webhook.ts';
import { resendDelivery } from './resend-delivery.ts';

/** Resends one customer may ask for per hour: each is a POST to their own server, not to be used as a cannon. */
const RESENDS_PER_HOUR = 60;

type Deps = {
  db: Db;
  cipher: CredentialCipher;
  policy: DestinationPolicy;
  /** Wakes this process's webhook worker after a resend. */
  pokeWebhooks: () => void;
};

export function webhookRoutes(app: FastifyInstance, { db, cipher, policy, pokeWebhooks }: Deps) {
  app.get(
    '/api/me/webhooks',
    { config: { access: 'customer' }, ...answers({ 200: webhookListSchema }) },
    async (req): Promise<WebhookList> => listWebhooks(db, currentUser(req).id),
  );

  app.post(
    '/api/me/webhooks',
    { config: { access: 'customer', stepUp: true }, ...answers({ 201: createdWebhookSchema }) },
    async (req, reply): Promise<CreatedWebhook> => {
      const input = parseInput(registerWebhookSchema, req.body);
      const created = await registerWebhook(db, cipher, policy, currentUser(req).id, input);
      reply.status(201).header('cache-control', 'no-store');
      return created;
    },
  );

  app.delete(
    '/api/me/webhooks/:id',
    { config: { access: 'customer' }, ...answers({ 200: webhookEndpointSchema }) },
    async (req): Promise<WebhookEndpoint> =>
      removeWebhook(db, currentUser(req).id, parseId(req.params, webhookMessages.notFound)),
  );

  app.post(
    '/api/me/webhooks/deliveries/:id/resend',
    { config: { access: 'customer' }, ...answers({ 200: resendResultSchema }) },
    async (req): Promise<ResendResult> => {
      const user = currentUser(req);
      const id = parseId(req.params, webhookMessages.deliveryNotFound);
      await consumeLimit(
        db,
        { bucket: `webhook-resend:${user.id}`, max: RESENDS_PER_HOUR, windowMs: 3600_000 },
        'Too many resends. Please wait a while.',
      );
      const result = await resendDelivery(db, user.id, id);
      pokeWebhooks();
      return result;
    },
  );
}
