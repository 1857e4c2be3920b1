// Top-up API: start a checkout, check one (verifying with the provider), and the provider's webhook.
import crypto from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  startTopupSchema,
  walletMessages,
  type StartTopupResult,
  type TopupCheck,
} from '../../../shared/wallet.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { readWalletSummary } from '../wallet/read-wallet.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { customerMessage } from './customer-message.ts';
import { canVerify } from './payment-transitions.ts';
import { payments } from './payments.tables.ts';
import { recordWebhookArrival } from './record-webhook-arrival.ts';
import type { Payment, Settle } from './settle-payment.ts';
import { startTopup } from './start-topup.ts';

const WEBHOOK_ANSWER_WITHIN_MS = 5000;
const referenceParams = z.object({ reference: z.string().min(1).max(200) });

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
    { config: { access: 'customer' } },
    async (req, reply): Promise<StartTopupResult> => {
      const { amountNaira } = parseInput(startTopupSchema, req.body);
      const result = await startTopup(
        db,
        deps.provider,
        deps.publicUrl,
        currentUser(req),
        amountNaira,
      );
      req.log.info(
        { reference: result.reference, amountKobo: result.amountKobo },
        'topup: checkout started',
      );
      reply.status(201);
      return result;
    },
  );

  /**
   * Accepts our reference or the provider's (ERCS|…), and answers only about the caller's own payments. Anything
   * not yet credited is verified again first, a failed or expired payment too: a late success is credited here.
   */
  app.get(
    '/api/wallet/topups/:reference',
    { config: { access: 'customer' } },
    async (req): Promise<TopupCheck> => {
      const user = currentUser(req);
      const { reference } = parseInput(referenceParams, req.params);
      const [payment] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.userId, user.id),
            or(eq(payments.reference, reference), eq(payments.providerReference, reference)),
          ),
        );
      if (!payment) throw notFound(walletMessages.paymentNotFound);
      const alreadyCredited = payment.status === 'completed';
      const settled = canVerify(payment)
        ? (await deps.settle(payment.id, 'customer')).payment
        : payment;
      const { balanceKobo } = await readWalletSummary(db, user.id);
      return toCheck(settled, alreadyCredited, balanceKobo);
    },
  );

  // Always registered, so the URL answers the same way whatever the configuration; without a token it refuses
  // everything (there is no way to tell ErcasPay's calls from anyone else's).
  const token = deps.webhookToken;
  app.post(
    '/api/payments/ercaspay/webhook/:token',
    { config: { access: 'public', allowCrossSite: true } },
    async (req, reply) => {
      if (!token) {
        req.log.warn('webhook: refused, PAYMENT_WEBHOOK_TOKEN is not set');
        throw notFound();
      }
      const given = String((req.params as { token?: unknown }).token ?? '');
      if (!sameSecret(given, token)) throw notFound();
      await recordWebhookArrival(db, deps.provider.name);
      const hint = deps.provider.parseWebhook(req.body);
      const ref = hint?.transactionReference ?? hint?.paymentReference;
      if (!ref) {
        req.log.warn(
          { keys: Object.keys((req.body as object | null) ?? {}) },
          'webhook: unrecognised payload ignored',
        );
        return reply.send({ received: true });
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
        req.log.warn({ ref }, 'webhook: no payment with this reference');
        return reply.send({ received: true });
      }
      // Verify-and-credit, but answer within a few seconds whatever happens; the reconciler finishes the rest.
      const settling = deps
        .settle(payment.id, 'webhook')
        .catch((err: unknown) =>
          req.log.error({ err, paymentId: payment.id }, 'webhook: settle failed'),
        );
      await Promise.race([
        settling,
        new Promise((resolve) => setTimeout(resolve, WEBHOOK_ANSWER_WITHIN_MS).unref()),
      ]);
      return reply.send({ received: true });
    },
  );
}

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

export function toCheck(p: Payment, alreadyCredited: boolean, balanceKobo: number): TopupCheck {
  return {
    reference: p.reference,
    status: p.status,
    amountKobo: p.amountKobo,
    paidAt: p.paidAt?.toISOString() ?? null,
    providerReference: p.providerReference,
    alreadyCredited,
    message: customerMessage(p),
    balanceKobo,
  };
}
