// Verify answers as ErcasPay really gives them (the documented fixtures and their variants) and late successes:
// what is credited, what is refused, what is kept for audit, what the customer and the receipt e-mail say.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { referralTerms, silent, topupTestApp } from '../../test/topup-helpers.ts';
import { emailOutbox } from '../mail/mail.tables.ts';
import { LATE_SUCCESS_WINDOW_MS } from './payment-transitions.ts';
import { payments } from './payments.tables.ts';
import { reconcileDuePayments } from './reconcile-payments.ts';
import { createSettler } from './settle-payment.ts';
import { TOPUP_RECEIPT_EMAIL_KIND } from './topup-receipt-email.ts';

const WEBHOOK_TOKEN = 'late-webhook-token-0123456789';
const { fake, provider, app, db, startTopup, check, webhook, balanceOf, topupRows } =
  await topupTestApp({ webhookToken: WEBHOOK_TOKEN, retryDelayMs: 1 });
const settleIn = (paymentMode: 'live' | 'test') =>
  createSettler({ db, provider, log: silent, paymentMode, referralTerms });
const credits = async (paymentId: string) => (await topupRows(paymentId)).length;
const row = async (id: string) => (await db.select().from(payments).where(eq(payments.id, id)))[0]!;
const receipts = (userId: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.kind, TOPUP_RECEIPT_EMAIL_KIND)));

describe('matching a verify answer', () => {
  it.each([
    ["ErcasPay's own (as documented)", undefined],
    ['our payment reference', 'ours'],
    ['absent', null],
  ] as const)(
    'credits a documented SUCCESSFUL answer whose tx_reference is %s',
    async (_label, variant) => {
      const { user, cookie } = await signedInUser(app, db);
      const payment = await startTopup(cookie, 2000);
      if (variant === 'ours')
        fake.update(payment.providerReference!, { txReference: payment.reference });
      if (variant === null) fake.update(payment.providerReference!, { txReference: null });
      fake.setStatus(payment.providerReference!, 'SUCCESSFUL');
      expect((await check(cookie, payment.reference)).json()).toMatchObject({
        status: 'completed',
        balanceKobo: 200_000,
      });
      expect(await balanceOf(user.id)).toBe(200_000);
    },
  );

  it('keeps a PENDING answer pending and fails a FAILED one with its reason, crediting neither', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const pending = await startTopup(cookie);
    expect((await check(cookie, pending.reference)).json()).toMatchObject({
      status: 'pending',
      message: null,
    });
    const failed = await startTopup(cookie);
    fake.setStatus(failed.providerReference!, 'FAILED');
    expect((await check(cookie, failed.reference)).json()).toMatchObject({
      status: 'failed',
      message: 'Payment failed. Please try again or contact support.',
    });
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('refuses an answer without a currency, and tells the customer only that the payment failed', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const payment = await startTopup(cookie);
    fake.update(payment.providerReference!, { currency: null });
    fake.setStatus(payment.providerReference!, 'SUCCESSFUL');
    const answer = (await check(cookie, payment.reference)).json();
    expect(answer).toMatchObject({
      status: 'failed',
      message: 'Payment Failed: Your payment could not be processed. Please try again.',
    });
    expect((await row(payment.id)).statusMessage).toBe('Mismatch: the answer names no currency');
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('refuses a TEST-domain success in live mode and credits it in test mode', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const payment = await startTopup(cookie, 1000);
    fake.setStatus(payment.providerReference!, 'SUCCESSFUL');
    const live = await settleIn('live')(payment.id, 'reconciler');
    expect(live).toMatchObject({
      creditedNow: false,
      payment: {
        status: 'failed',
        statusMessage: 'Mismatch: a TEST-domain payment, and this store runs in live mode',
      },
    });
    fake.update(payment.providerReference!, { domain: 'live' });
    expect((await settleIn('live')(payment.id, 'admin')).creditedNow).toBe(true);
    expect(await balanceOf(user.id)).toBe(100_000);
  });

  it('keeps every distinct raw answer on the payment row, with who asked, secrets scrubbed', async () => {
    const { cookie } = await signedInUser(app, db);
    const payment = await startTopup(cookie);
    await check(cookie, payment.reference);
    await check(cookie, payment.reference);
    fake.failNext(3, 503, { message: `upstream down ${fake.secretKey}` });
    await settleIn('test')(payment.id, 'reconciler');
    fake.setStatus(payment.providerReference!, 'SUCCESSFUL');
    await webhook({ transaction_reference: payment.providerReference });
    const { providerAnswers } = await row(payment.id);
    expect(providerAnswers.map((a) => [a.source, a.outcome, a.times ?? 1])).toEqual([
      ['customer', 'pending', 2],
      ['reconciler', 'no-answer', 1],
      ['webhook', 'paid', 1],
    ]);
    expect(providerAnswers[0]!.answer).toMatchObject({
      responseBody: { status: 'PENDING', ercs_reference: payment.providerReference },
    });
    expect(JSON.stringify(providerAnswers)).not.toContain(fake.secretKey);
    // The admin's list carries the latest answer only.
    const admin = await signedInUser(app, db, { isAdmin: true });
    const listed = (
      await app.inject({
        url: '/api/admin/payments?status=completed',
        headers: { cookie: admin.cookie },
      })
    ).json();
    const mine = listed.payments.find((p: { id: string }) => p.id === payment.id);
    expect(mine.lastAnswer).toMatchObject({
      source: 'webhook',
      outcome: 'paid',
      answer: { responseBody: { status: 'SUCCESSFUL' } },
    });
  });

  it("shows ErcasPay's explanation to the customer while a payment stays pending", async () => {
    const { cookie } = await signedInUser(app, db);
    const payment = await startTopup(cookie);
    fake.failNext(1, 400, {
      requestSuccessful: false,
      responseMessage: 'Bad request',
      explanation: 'Transaction is still being processed by the bank',
    });
    const answer = (await check(cookie, payment.reference)).json();
    expect(answer).toMatchObject({
      status: 'pending',
      message: 'ErcasPay says: Transaction is still being processed by the bank',
    });
  });

  it("tells the customer ErcasPay's explanation when it refuses to start a checkout, but not a key problem", async () => {
    const { cookie } = await signedInUser(app, db);
    const start = () =>
      app.inject({
        method: 'POST',
        url: '/api/wallet/topups',
        headers: { cookie, ...SAME_ORIGIN },
        payload: { amountKobo: 1000_00 },
      });
    fake.failNext(1, 422, {
      requestSuccessful: false,
      responseMessage: 'Validation failed',
      explanation: 'Customer email is not valid',
    });
    expect((await start()).json().error.message).toBe('Customer email is not valid');
    fake.failNext(1, 401, {
      requestSuccessful: false,
      errorMessage: 'Invalid or missing secret key',
    });
    expect((await start()).json().error.message).toBe('Payment initialization failed');
  });
});

describe('a success that comes late', () => {
  it('credits a FAILED payment once when its webhook arrives, and e-mails a receipt with amount, reference, date and new balance', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const payment = await startTopup(cookie, 3000);
    fake.setStatus(payment.providerReference!, 'FAILED');
    expect((await check(cookie, payment.reference)).json().status).toBe('failed');
    fake.setStatus(payment.providerReference!, 'SUCCESSFUL');
    const hook = {
      transaction_reference: payment.providerReference,
      payment_reference: payment.reference,
      status: 'SUCCESSFUL',
    };
    await Promise.all([webhook(hook), webhook(hook), check(cookie, payment.reference)]);
    expect(await credits(payment.id)).toBe(1);
    expect(await balanceOf(user.id)).toBe(300_000);
    const mails = await receipts(user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('Amount: ₦3,000.00');
    expect(mails[0]!.textBody).toContain(`Reference: ${payment.reference}`);
    expect(mails[0]!.textBody).toMatch(/Date: .*2\d{3}/);
    expect(mails[0]!.textBody).toContain('New wallet balance: ₦3,000.00');
  });

  it("credits an expired payment on the customer's Check again, and a credited payment never goes back", async () => {
    const { user, cookie } = await signedInUser(app, db);
    const payment = await startTopup(cookie, 400);
    await db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, payment.id));
    expect((await check(cookie, payment.reference)).json().status).toBe('expired');
    fake.setStatus(payment.providerReference!, 'SUCCESSFUL');
    expect((await check(cookie, payment.reference)).json()).toMatchObject({
      status: 'completed',
      alreadyCredited: false,
    });
    fake.setStatus(payment.providerReference!, 'FAILED');
    fake.setAmount(payment.providerReference!, 1);
    for (const source of ['admin', 'reconciler', 'webhook'] as const)
      await settleIn('test')(payment.id, source);
    expect((await check(cookie, payment.reference)).json()).toMatchObject({
      status: 'completed',
      alreadyCredited: true,
    });
    expect(await balanceOf(user.id)).toBe(40_000);
    expect((await receipts(user.id)).length).toBe(1);
  });

  it('is found by the reconciler on its slower schedule for seven days after expiry, and not after', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const within = await startTopup(cookie, 600);
    const beyond = await startTopup(cookie, 700);
    const past = (ms: number) => new Date(Date.now() - ms);
    await db
      .update(payments)
      .set({
        status: 'expired',
        expiresAt: past(LATE_SUCCESS_WINDOW_MS - 3600_000),
        nextCheckAt: past(1000),
      })
      .where(eq(payments.id, within.id));
    await db
      .update(payments)
      .set({
        status: 'expired',
        expiresAt: past(LATE_SUCCESS_WINDOW_MS + 3600_000),
        nextCheckAt: past(1000),
      })
      .where(eq(payments.id, beyond.id));
    fake.setStatus(within.providerReference!, 'SUCCESSFUL');
    fake.setStatus(beyond.providerReference!, 'SUCCESSFUL');
    await reconcileDuePayments(db, (id) => settleIn('test')(id, 'reconciler'));
    expect([(await row(within.id)).status, (await row(beyond.id)).status]).toEqual([
      'completed',
      'expired',
    ]);
    expect(await balanceOf(user.id)).toBe(60_000);
  });

  it('puts a failed payment that stays unpaid on the slower schedule (at least 10 minutes away)', async () => {
    const { cookie } = await signedInUser(app, db);
    const payment = await startTopup(cookie);
    fake.setStatus(payment.providerReference!, 'CANCELLED');
    await check(cookie, payment.reference);
    const failed = await row(payment.id);
    expect(failed.status).toBe('failed');
    expect(failed.nextCheckAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 9 * 60_000);
  });
});

describe('the customer follows every top-up', () => {
  it('lists pending, failed and expired attempts in Transaction History beside the credited ones', async () => {
    const { cookie } = await signedInUser(app, db);
    const paid = await startTopup(cookie, 100);
    const declined = await startTopup(cookie, 200);
    const waiting = await startTopup(cookie, 300);
    fake.setStatus(paid.providerReference!, 'SUCCESSFUL');
    fake.setStatus(declined.providerReference!, 'CANCELLED');
    await check(cookie, paid.reference);
    await check(cookie, declined.reference);
    const { transactions: list } = (
      await app.inject({ url: '/api/wallet/transactions', headers: { cookie } })
    ).json();
    // Newest first: a credited top-up is its ledger row, dated when it was credited.
    expect(
      list.map((t: { reference: string; status: string; amountKobo: number }) => [
        t.reference,
        t.status,
        t.amountKobo,
      ]),
    ).toEqual([
      [paid.reference, 'completed', 10_000],
      [waiting.reference, 'pending', 30_000],
      [declined.reference, 'failed', 20_000],
    ]);
    expect(list[2]).toMatchObject({
      balanceAfterKobo: null,
      message: 'Payment cancelled. Please try again or contact support.',
    });
  });
});
