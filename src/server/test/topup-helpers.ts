// For the top-up tests: the real ErcasPay client against the fake ErcasPay, the app on top, and the requests
// those tests make again and again (start a top-up, check it, send the webhook, read the balance).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../modules/auth/auth.tables.ts';
import { createErcasPayProvider } from '../modules/payments/ercaspay-client.ts';
import type { InitiatePaymentInput } from '../modules/payments/payment-provider.ts';
import { payments } from '../modules/payments/payments.tables.ts';
import { transactions } from '../modules/wallet/wallet.tables.ts';
import { SAME_ORIGIN } from './auth-helpers.ts';
import { startFakeErcasPay } from './fake-ercaspay.ts';
import { createTestApp } from './test-app.ts';
import { whenDone } from './when-done.ts';

/** What the store asks a payment provider to start: Ada's wallet top-up, for the given amount and reference. */
export const paymentInput = (
  input: Pick<InitiatePaymentInput, 'amountKobo' | 'paymentReference'> &
    Partial<InitiatePaymentInput>,
): InitiatePaymentInput => ({
  customerName: 'Ada Obi',
  customerEmail: 'ada@example.com',
  redirectUrl: 'http://localhost:3000/wallet',
  description: 'Wallet Top-up',
  metadata: { user_id: 'u-1', type: 'wallet_topup' },
  ...input,
});

/** The referral terms of the test configuration's defaults (REFERRAL_PERCENT 5, REFERRAL_MAX_TOPUPS 3). */
export const referralTerms = { percent: 5, maxTopups: 3 };

/** A logger for the settler that keeps quiet. */
export const silent = { warn: () => {}, error: () => {} };

/** The fake (closed when the file ends), the provider that calls it, and the app that uses that provider. */
export async function topupTestApp({
  webhookToken,
  retryDelayMs,
}: {
  webhookToken: string;
  retryDelayMs: number;
}) {
  const fake = await startFakeErcasPay();
  whenDone(() => fake.close());
  const provider = createErcasPayProvider({
    baseUrl: fake.baseUrl,
    secretKey: fake.secretKey,
    retryDelayMs,
  });
  const { app, db } = await createTestApp({
    env: { PAYMENT_WEBHOOK_TOKEN: webhookToken },
    deps: { paymentProvider: provider },
  });

  /** POST /api/wallet/topups; the payment row it created. */
  async function startTopup(cookie: string, amountNaira = 5000) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/wallet/topups',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { amountKobo: amountNaira * 100 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { reference } = res.json<{ reference: string }>();
    const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
    return payment!;
  }
  const check = (cookie: string, ref: string) =>
    app.inject({ url: `/api/wallet/topups/${encodeURIComponent(ref)}`, headers: { cookie } });
  const webhook = (body: unknown, token = webhookToken) =>
    app.inject({
      method: 'POST',
      url: `/api/payments/ercaspay/webhook/${token}`,
      headers: { origin: 'https://api.ercaspay.com' },
      payload: body as object,
    });
  const balanceOf = async (id: string) =>
    (await db.select().from(users).where(eq(users.id, id)))[0]!.walletBalanceKobo;
  /** The ledger rows that credit this payment. */
  const topupRows = (paymentId: string) =>
    db.select().from(transactions).where(eq(transactions.paymentId, paymentId));

  return { fake, provider, app, db, startTopup, check, webhook, balanceOf, topupRows };
}
