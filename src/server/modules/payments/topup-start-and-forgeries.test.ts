import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { referralTerms } from '../../test/topup-helpers.ts';
import { transactions } from '../wallet/wallet.tables.ts';
import { payments } from './payments.tables.ts';
import { createSettler } from './settle-payment.ts';
import { topupTestKit } from '../../test/kits/topup-kit.ts';

const { fake, provider, app, db, startTopup, check, webhook, balanceOf } = await topupTestKit();

describe('starting a top-up', () => {
  it('creates a pending payment and asks the provider with the amount in naira, the letters of the name and our callback page', async () => {
    const { user, cookie } = await signedInUser(app, db, { email: 'ada.obi99@example.com' });
    const payment = await startTopup(cookie, 2500);
    expect(payment).toMatchObject({ status: 'pending', amountKobo: 250_000, userId: user.id });
    expect(payment.reference).toMatch(/^ACCTSTORE_/);
    const sent = fake.requests.at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      amount: 2500,
      currency: 'NGN',
      feeBearer: 'merchant',
      paymentMethods: 'card,bank-transfer,ussd,qrcode',
      customerName: 'adaobi',
      description: 'Wallet Top-up',
      redirectUrl: 'http://localhost:3000/payment-callback',
      paymentReference: payment.reference,
    });
    expect(sent['metadata']).toMatchObject({
      user_id: user.id,
      type: 'wallet_topup',
      originalAmount: 2500,
    });
  });

  it.each([
    [99_00, 'Invalid Amount: Please enter an amount of at least ₦100.'],
    [100_50, 'Invalid Amount: Please enter an amount of at least ₦100.'],
    [1_000_001_00, 'Amount Too Large: Maximum top-up amount is ₦1,000,000.'],
    ['500000', 'Invalid Amount: Please enter an amount of at least ₦100.'],
  ])('refuses %s kobo with the SPEC message and creates nothing', async (amountKobo, message) => {
    const { user, cookie } = await signedInUser(app, db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/wallet/topups',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { amountKobo },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await db.select().from(payments).where(eq(payments.userId, user.id))).toEqual([]);
  });

  it('marks the payment failed and says so when the provider cannot start the checkout', async () => {
    const { user, cookie } = await signedInUser(app, db);
    fake.failNext(1, 500);
    const res = await app.inject({
      method: 'POST',
      url: '/api/wallet/topups',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { amountKobo: 1000_00 },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe('Payment initialization failed');
    const [row] = await db.select().from(payments).where(eq(payments.userId, user.id));
    expect(row!.status).toBe('failed');
  });

  it('is for customers only', async () => {
    const admin = await signedInUser(app, db, { isAdmin: true });
    const asAdmin = await app.inject({
      method: 'POST',
      url: '/api/wallet/topups',
      headers: { cookie: admin.cookie, ...SAME_ORIGIN },
      payload: { amountKobo: 1000_00 },
    });
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/wallet/topups',
      headers: SAME_ORIGIN,
      payload: { amountKobo: 1000_00 },
    });
    expect([asAdmin.statusCode, anonymous.statusCode]).toEqual([403, 401]);
  });
});

describe('forgeries credit nothing', () => {
  it('a webhook with a wrong path token is not found', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const payment = await startTopup(cookie);
    const res = await webhook(
      { transaction_reference: payment.providerReference, status: 'SUCCESSFUL' },
      'wrong-token-0123456789abcdef',
    );
    expect(res.statusCode).toBe(404);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('a webhook claiming SUCCESSFUL for an unpaid payment, or another amount, only triggers a verification', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const payment = await startTopup(cookie, 1000);
    const forged = {
      transaction_reference: payment.providerReference,
      payment_reference: payment.reference,
      status: 'SUCCESSFUL',
      amount: 1_000_000,
      metadata: { user_id: user.id },
    };
    expect((await webhook(forged)).statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(0);
    fake.setStatus(payment.providerReference!, 'SUCCESSFUL');
    await webhook(forged);
    expect(await balanceOf(user.id)).toBe(100_000);
  });

  it('a tampered redirect (status=PAID for an unpaid payment) changes nothing; another user cannot check my payment', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const other = await signedInUser(app, db);
    const payment = await startTopup(cookie);
    const tampered = await app.inject({
      url: `/api/wallet/topups/${payment.reference}?status=PAID&transRef=${encodeURIComponent(payment.providerReference!)}`,
      headers: { cookie },
    });
    expect(tampered.json().status).toBe('pending');
    fake.setStatus(payment.providerReference!, 'SUCCESSFUL');
    const stranger = await check(other.cookie, payment.reference);
    expect(stranger.statusCode).toBe(404);
    expect(await balanceOf(other.user.id)).toBe(0);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('a paid amount that differs from our record fails the payment instead of crediting it', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const payment = await startTopup(cookie, 5000);
    fake.setAmount(payment.providerReference!, 100);
    fake.setStatus(payment.providerReference!, 'SUCCESSFUL');
    const errors: unknown[] = [];
    const outcome = await createSettler({
      db,
      provider,
      log: { warn: () => {}, error: (o: object) => errors.push(o) },
      paymentMode: 'test',
      referralTerms,
    })(payment.id, 'reconciler');
    expect(outcome.payment.status).toBe('failed');
    expect(errors).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(0);
    const [row] = await db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, user.id), eq(transactions.type, 'topup')));
    expect(row).toBeUndefined();
  });

  it('an unknown webhook payload is acknowledged and ignored', async () => {
    const count = async () =>
      (await db.execute<{ n: number }>(sql`select count(*)::int as n from transactions`)).rows[0]!
        .n;
    const before = await count();
    const res = await webhook({ hello: 'world' });
    expect(res.statusCode).toBe(200);
    expect(await count()).toBe(before);
  });
});
