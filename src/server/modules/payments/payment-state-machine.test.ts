// Property test of the payment state machine against the real app: any sequence of provider answers (PENDING,
// FAILED, CANCELLED, SUCCESSFUL, SUCCESSFUL with a wrong amount, timeouts, 5xx) delivered concurrently by the
// redirect check, the webhook, the reconciler and the admin's Re-check, in any order, 500 runs: credited at
// most once; exactly once when the provider's last word is SUCCESSFUL for the right amount; never when it
// never said so. Each run's customer was brought by a referrer (tied), refused as a self-referral, or came on
// their own: the referrer's reward is written exactly when the credit is, once, and only for a tied customer.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quickCustomer, SAME_ORIGIN, signedInUser } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { referrals } from '../referrals/referrals.tables.ts';
import { checkLedger } from '../wallet/check-ledger.ts';
import { transactions } from '../wallet/wallet.tables.ts';
import {
  PaymentProviderError,
  type PaymentProvider,
  type VerifiedPayment,
} from './payment-provider.ts';
import { payments } from './payments.tables.ts';
import { reconcileDuePayments } from './reconcile-payments.ts';
import { createSettler } from './settle-payment.ts';

const RUNS = 500;
const WEBHOOK_TOKEN = 'machine-webhook-token-0123456789';
const WORDS = ['PENDING', 'FAILED', 'CANCELLED', 'SUCCESSFUL', 'SUCCESSFUL_WRONG_AMOUNT'] as const;
const GLITCHES = ['timeout', '5xx'] as const;
const CHANNELS = ['redirect', 'webhook', 'reconciler', 'admin'] as const;
type Word = (typeof WORDS)[number];
type Glitch = (typeof GLITCHES)[number];

/** A provider whose every answer is scripted by the test; answers come back after a random short pause. */
function scriptedProvider() {
  const txs = new Map<
    string,
    {
      word: Word;
      amountKobo: number;
      reference: string;
      metadata: Record<string, unknown>;
      glitches: Glitch[];
    }
  >();
  let n = 0;
  const provider: PaymentProvider = {
    name: 'ercaspay',
    async initiate(input) {
      const transactionReference = `ERCS|MACHINE|${++n}`;
      txs.set(transactionReference, {
        word: 'PENDING',
        amountKobo: input.amountKobo,
        reference: input.paymentReference,
        metadata: input.metadata,
        glitches: [],
      });
      return {
        checkoutUrl: `https://checkout.example/${n}`,
        transactionReference,
        paymentReference: input.paymentReference,
      };
    },
    async verify(ref): Promise<VerifiedPayment> {
      const tx = txs.get(ref)!;
      const glitch = tx.glitches.shift();
      const word = tx.word; // read before the pause: the answer may be overtaken by a newer one
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      if (glitch === 'timeout')
        throw new PaymentProviderError('TIMEOUT', 'ErcasPay did not answer within 10000 ms');
      if (glitch === '5xx')
        throw new PaymentProviderError('HTTP', 'HTTP 503: Service Unavailable', { status: 503 });
      const status = word === 'SUCCESSFUL_WRONG_AMOUNT' ? 'SUCCESSFUL' : word;
      return {
        status,
        rawStatus: status,
        amountKobo: word === 'SUCCESSFUL_WRONG_AMOUNT' ? tx.amountKobo - 100 : tx.amountKobo,
        currency: 'NGN',
        domain: 'live',
        paidAt: status === 'SUCCESSFUL' ? new Date() : null,
        transactionReference: ref,
        paymentReference: null,
        metadata: tx.metadata,
        customerEmail: null,
        raw: { status, word },
      };
    },
    parseWebhook: (body) => ({
      transactionReference: (body as { ref?: string }).ref ?? null,
      paymentReference: null,
    }),
  };
  return { provider, txs };
}

const { provider, txs } = scriptedProvider();
const { app, db } = await createTestApp({
  env: { PAYMENT_WEBHOOK_TOKEN: WEBHOOK_TOKEN },
  deps: { paymentProvider: provider },
});
const settle = createSettler({
  db,
  provider,
  log: { warn: () => {}, error: () => {} },
  paymentMode: 'live',
  // The app's own terms (the test configuration's defaults), so every channel rewards alike.
  referralTerms: { percent: 5, maxTopups: 3 },
});
const REWARD_KOBO = 2500; // 5% of the run's ₦500 top-up
const admin = await signedInUser(app, db, { isAdmin: true });

const step = fc.record({
  word: fc.constantFrom(...WORDS),
  glitches: fc.array(fc.constantFrom(...GLITCHES), { maxLength: 3 }),
  deliveries: fc.array(fc.constantFrom(...CHANNELS), { minLength: 1, maxLength: 4 }),
  expire: fc.boolean(),
});

async function deliver(
  channel: (typeof CHANNELS)[number],
  payment: { id: string; reference: string; providerReference: string; cookie: string },
) {
  if (channel === 'redirect') {
    const res = await app.inject({
      url: `/api/wallet/topups/${payment.reference}`,
      headers: { cookie: payment.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
  } else if (channel === 'webhook') {
    const res = await app.inject({
      method: 'POST',
      url: `/api/payments/ercaspay/webhook/${WEBHOOK_TOKEN}`,
      payload: { ref: payment.providerReference },
    });
    expect(res.statusCode).toBe(200);
  } else if (channel === 'admin') {
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/recheck`,
      headers: { cookie: admin.cookie, ...SAME_ORIGIN },
    });
    expect(res.statusCode, res.body).toBe(200);
  } else {
    await db
      .update(payments)
      .set({ nextCheckAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, payment.id));
    await reconcileDuePayments(db, (id) => settle(id, 'reconciler'));
  }
}

describe('the payment state machine under any order of events', () => {
  it(`credits at most once, and exactly once when the last word is a right SUCCESSFUL, over ${RUNS} runs`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('tied', 'refused', 'on their own'),
        async (steps, brought) => {
          // A customer per run: one customer's top-up starts and checks are limited (TOPUP_LIMITS).
          const customer = await quickCustomer(db);
          const referrer = await quickCustomer(db);
          if (brought !== 'on their own')
            await db.insert(referrals).values({
              refereeId: customer.user.id,
              referrerId: referrer.user.id,
              status: brought,
              refusal: brought === 'refused' ? 'known_device' : null,
            });
          const started = await app.inject({
            method: 'POST',
            url: '/api/wallet/topups',
            headers: { cookie: customer.cookie, ...SAME_ORIGIN },
            payload: { amountKobo: 500_00 },
          });
          const [row] = await db
            .select()
            .from(payments)
            .where(eq(payments.reference, started.json().reference));
          const payment = {
            id: row!.id,
            reference: row!.reference,
            providerReference: row!.providerReference!,
            cookie: customer.cookie,
          };
          const tx = txs.get(payment.providerReference)!;
          for (const s of steps) {
            tx.word = s.word;
            tx.glitches.push(...s.glitches);
            if (s.expire)
              await db
                .update(payments)
                .set({ expiresAt: new Date(Date.now() - 1000) })
                .where(eq(payments.id, payment.id));
            await Promise.all(s.deliveries.map((channel) => deliver(channel, payment)));
          }
          // After the provider's last word, one more look without glitches (the reconciler or an admin always comes).
          tx.glitches.length = 0;
          await deliver('admin', payment);

          const credits = await db
            .select()
            .from(transactions)
            .where(eq(transactions.paymentId, payment.id));
          const [after] = await db.select().from(payments).where(eq(payments.id, payment.id));
          expect(credits.length).toBeLessThanOrEqual(1);
          expect(after!.status === 'completed').toBe(credits.length === 1);
          if (steps.at(-1)!.word === 'SUCCESSFUL') expect(credits).toHaveLength(1);
          if (!steps.some((s) => s.word === 'SUCCESSFUL')) expect(credits).toHaveLength(0);
          if (credits.length) expect(credits[0]!.amountKobo).toBe(50_000);
          const rewards = await db
            .select()
            .from(transactions)
            .where(eq(transactions.userId, referrer.user.id));
          expect(rewards).toHaveLength(brought === 'tied' ? credits.length : 0);
          for (const r of rewards) {
            expect(r.type).toBe('referral_reward');
            expect(r.amountKobo).toBe(REWARD_KOBO);
          }
          // Out of the next runs' reconciler passes, which should look at their own payment only.
          await db
            .update(payments)
            .set({ nextCheckAt: new Date(Date.now() + 86_400_000) })
            .where(eq(payments.id, payment.id));
        },
      ),
      { numRuns: RUNS },
    );
    expect(await checkLedger(db)).toEqual([]);
  }, 600_000);
});
