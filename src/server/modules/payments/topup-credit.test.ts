import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickCustomer, signedInUser, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { payments } from './payments.tables.ts';
import { reconcileDuePayments } from './reconcile-payments.ts';
import { topupTestKit } from '../../test/kits/topup-kit.ts';

const { fake, app, db, startTopup, check, webhook, balanceOf, topupRows, settle } =
  await topupTestKit();

describe('crediting', () => {
  it('stays pending while the provider says PENDING, credits once when SUCCESSFUL, then reports it as already processed', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const payment = await startTopup(cookie);
    expect((await check(cookie, payment.reference)).json()).toMatchObject({
      status: 'pending',
      alreadyCredited: false,
      balanceKobo: 0,
    });
    fake.setStatus(payment.providerReference!, 'SUCCESSFUL');
    const first = (await check(cookie, payment.reference)).json();
    expect(first).toMatchObject({
      status: 'completed',
      alreadyCredited: false,
      balanceKobo: 500_000,
      amountKobo: 500_000,
    });
    const again = (await check(cookie, payment.providerReference!)).json();
    expect(again).toMatchObject({
      status: 'completed',
      alreadyCredited: true,
      balanceKobo: 500_000,
    });
    const rows = await topupRows(payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'topup',
      amountKobo: 500_000,
      balanceAfterKobo: 500_000,
      description: 'Wallet top-up via ErcasPay',
      reference: payment.reference,
    });
    expect(await balanceOf(user.id)).toBe(500_000);
  });

  it('credits exactly once when the redirect check ×3, the webhook ×3 and the reconciler race, in each of 100 runs', async () => {
    // A customer per run: one customer's starts and checks are limited (TOPUP_LIMITS), the race is the point here.
    const runs = 100;
    for (let run = 0; run < runs; run++) {
      const { user, cookie } = await quickCustomer(db);
      const payment = await startTopup(cookie, 100);
      fake.setStatus(payment.providerReference!, 'SUCCESSFUL');
      await db
        .update(payments)
        .set({ nextCheckAt: new Date(Date.now() - 1000) })
        .where(eq(payments.id, payment.id));
      const hook = {
        transaction_reference: payment.providerReference,
        payment_reference: payment.reference,
        status: 'SUCCESSFUL',
        amount: 100,
      };
      const results = await Promise.all([
        check(cookie, payment.reference),
        check(cookie, payment.reference),
        check(cookie, payment.reference),
        webhook(hook),
        webhook(hook),
        webhook(hook),
        reconcileDuePayments(db, (id) => settle(id, 'reconciler')),
      ]);
      for (const r of results.slice(0, 6))
        expect((r as { statusCode: number }).statusCode).toBe(200);
      expect(await topupRows(payment.id)).toHaveLength(1);
      expect(await balanceOf(user.id)).toBe(10_000);
    }
  }, 120_000);

  it('credits a payment that succeeds after the browser gave up, through the reconciler', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const payment = await startTopup(cookie, 300);
    fake.setStatus(payment.providerReference!, 'SUCCESSFUL');
    await db
      .update(payments)
      .set({ nextCheckAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, payment.id));
    await reconcileDuePayments(db, (id) => settle(id, 'reconciler'));
    expect(await balanceOf(user.id)).toBe(30_000);
  });

  it('marks a FAILED payment failed without crediting', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const payment = await startTopup(cookie);
    fake.setStatus(payment.providerReference!, 'FAILED');
    expect((await check(cookie, payment.reference)).json()).toMatchObject({ status: 'failed' });
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('expires a payment still pending when its checkout link is over, and an admin Re-check still credits a late success', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const admin = await signedInUser(app, db, { isAdmin: true });
    const payment = await startTopup(cookie, 700);
    await db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 1000), nextCheckAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, payment.id));
    await reconcileDuePayments(db, (id) => settle(id, 'reconciler'));
    expect((await db.select().from(payments).where(eq(payments.id, payment.id)))[0]!.status).toBe(
      'expired',
    );
    const listed = await app.inject({
      url: '/api/admin/payments?status=expired',
      headers: { cookie: admin.cookie },
    });
    expect(listed.json().payments.map((p: { id: string }) => p.id)).toContain(payment.id);
    fake.setStatus(payment.providerReference!, 'SUCCESSFUL');
    const recheck = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/recheck`,
      headers: { cookie: admin.cookie, ...SAME_ORIGIN },
    });
    expect(recheck.json()).toMatchObject({
      message: 'Payment verified and credited.',
      payment: { status: 'completed' },
    });
    expect(await balanceOf(user.id)).toBe(70_000);
  });

  it("leaves a top-up the customer cancelled out of the admin's attention list, but not a failed one", async () => {
    const { cookie } = await signedInUser(app, db);
    const admin = await signedInUser(app, db, { isAdmin: true });
    const cancelled = await startTopup(cookie, 300);
    const failed = await startTopup(cookie, 400);
    fake.setStatus(cancelled.providerReference!, 'CANCELLED');
    fake.setStatus(failed.providerReference!, 'FAILED');
    await settle(cancelled.id, 'customer');
    await settle(failed.id, 'customer');
    const listed = await app.inject({
      url: '/api/admin/payments?status=failed',
      headers: { cookie: admin.cookie },
    });
    const ids = listed.json().payments.map((p: { id: string }) => p.id);
    expect(ids).toContain(failed.id);
    expect(ids).not.toContain(cancelled.id);
    const recheck = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${failed.id}/recheck`,
      headers: { cookie: admin.cookie, ...SAME_ORIGIN },
    });
    expect(recheck.json().message).toBe('Still failed: ErcasPay says it was not paid.');
  });
});
