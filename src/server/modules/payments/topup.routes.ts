// Top-up API: start a checkout, check one (verifying with the provider), and the provider's webhook.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  startTopupResultSchema,
  topupCheckSchema,
  startTopupSchema,
  type StartTopupResult,
  type TopupCheck,
} from '../../../shared/wallet.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { checkTopup } from './check-topup.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { receiveWebhook } from './receive-webhook.ts';
import type { Settle } from './settle-payment.ts';
import { startTopup } from './start-topup.ts';
import { answers } from '../../http/response-schemas.ts';

const referenceParams = z.object({ reference: z.string().min(1).max(200) });

/** What the webhook answers ErcasPay once the payment it names was checked. */
const webhookReceivedSchema = z.object({ received: z.literal(true) });

type Deps = {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  webhookToken: string | undefined;
  settle: Settle;
};

export function topupRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  app.post(
    '/api/wallet/topups',
    { config: { access: 'customer' }, ...answers({ 201: startTopupResultSchema }) },
    async (req, reply): Promise<StartTopupResult> => {
      const { amountKobo } = parseInput(startTopupSchema, req.body);
      const result = await startTopup(
        db,
        deps.provider,
        deps.publicUrl,
        currentUser(req),
        amountKobo,
      );
      req.log.info(
        { reference: result.reference, amountKobo: result.amountKobo },
        'topup: checkout started',
      );
      reply.status(201);
      return result;
    },
  );

  /** Answers only about the caller's own payments (see check-topup.ts). */
  app.get(
    '/api/wallet/topups/:reference',
    { config: { access: 'customer' }, ...answers({ 200: topupCheckSchema }) },
    async (req): Promise<TopupCheck> => {
      const { reference } = parseInput(referenceParams, req.params);
      return checkTopup(db, deps.settle, currentUser(req).id, reference);
    },
  );

  // Always registered, so the URL answers the same way whatever the configuration; without a token it refuses
  // everything (there is no way to tell ErcasPay's calls from anyone else's).
  const token = deps.webhookToken;
  app.post(
    '/api/payments/ercaspay/webhook/:token',
    {
      config: { access: 'public', allowCrossSite: true },
      ...answers({ 200: webhookReceivedSchema }),
    },
    async (req, reply) => {
      if (!token) {
        req.log.warn('webhook: refused, PAYMENT_WEBHOOK_TOKEN is not set');
        throw notFound();
      }
      const given = String((req.params as { token?: unknown }).token ?? '');
      if (!sameSecret(given, token)) throw notFound();
      await receiveWebhook(deps, req.body, req.log);
      return reply.send({ received: true });
    },
  );
}

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}
