// The sandbox provider end to end on a real database: open a checkout, decide it on the hosted page, verify it.
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from '../../http/security.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { paymentInput } from '../../test/topup-helpers.ts';
import { PaymentProviderError, type InitiatePaymentInput } from './payment-provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { returnUrl, sandboxRoutes } from './sandbox.routes.ts';

const { db } = await createTestDatabase();
const provider = createSandboxProvider({ db, publicUrl: 'http://localhost:3000/' });
const app = Fastify();
await registerSecurityHeaders(app, false);
sandboxRoutes(app, { db });
await app.ready();
afterAll(() => app.close());

let n = 0;
const input = (overrides: Partial<InitiatePaymentInput> = {}) =>
  paymentInput({ amountKobo: 250_050, paymentReference: `TOPUP-${++n}`, ...overrides });

const pathOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname;
const choose = (checkoutUrl: string, action: string) =>
  app.inject({
    method: 'POST',
    url: pathOf(checkoutUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ action }).toString(),
  });
const query = (location: string) => Object.fromEntries(new URL(location).searchParams);

describe('the sandbox payment provider', () => {
  it('opens a checkout whose page shows the amount, e-mail and description, with no script', async () => {
    const opened = await provider.initiate(input({ description: 'Top-up <for> Ada' }));
    expect(opened.transactionReference).toMatch(/^ERCS\|SANDBOX\|\d+\|[0-9a-f]+$/);
    expect(opened.checkoutUrl).toBe(
      `http://localhost:3000/sandbox/checkout/${encodeURIComponent(opened.transactionReference)}`,
    );
    const page = await app.inject({ method: 'GET', url: pathOf(opened.checkoutUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<title>Sandbox checkout</title>');
    expect(page.body).toContain('₦2,500.50');
    expect(page.body).toContain('ada@example.com');
    expect(page.body).toContain('Top-up &lt;for&gt; Ada');
    expect(page.body).toContain(
      'This is the built-in sandbox payment provider: no real money moves.',
    );
    for (const value of ['pay', 'decline', 'pending'])
      expect(page.body).toContain(`name="action" value="${value}"`);
    expect(page.body).not.toMatch(/<script/i);
    const verified = await provider.verify(opened.transactionReference);
    expect(verified).toMatchObject({ status: 'PENDING', amountKobo: 250_050, paidAt: null });
  });

  it('Pay redirects back with status=PAID and transRef, and verify then says SUCCESSFUL with the amount', async () => {
    const payment = input({ amountKobo: 500_000 });
    const opened = await provider.initiate(payment);
    const res = await choose(opened.checkoutUrl, 'pay');
    expect(res.statusCode).toBe(303);
    expect(query(res.headers.location as string)).toEqual({
      reference: payment.paymentReference,
      status: 'PAID',
      transRef: opened.transactionReference,
    });
    expect(res.headers.location).toMatch(/^http:\/\/localhost:3000\/wallet\?/);
    const verified = await provider.verify(opened.transactionReference);
    expect(verified).toMatchObject({
      status: 'SUCCESSFUL',
      rawStatus: 'SUCCESSFUL',
      amountKobo: 500_000,
      currency: 'NGN',
      transactionReference: opened.transactionReference,
      paymentReference: payment.paymentReference,
      metadata: payment.metadata,
      customerEmail: 'ada@example.com',
    });
    expect(verified.paidAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('Decline redirects with status=CANCELLED and no transRef, and verify says CANCELLED', async () => {
    const payment = input();
    const opened = await provider.initiate(payment);
    const res = await choose(opened.checkoutUrl, 'decline');
    expect(res.statusCode).toBe(303);
    expect(query(res.headers.location as string)).toEqual({
      reference: payment.paymentReference,
      status: 'CANCELLED',
    });
    expect(await provider.verify(opened.transactionReference)).toMatchObject({
      status: 'CANCELLED',
      paidAt: null,
    });
  });

  it('Leave pending redirects with status=PENDING and transRef, and the payment can still be paid later', async () => {
    const payment = input();
    const opened = await provider.initiate(payment);
    const res = await choose(opened.checkoutUrl, 'pending');
    expect(query(res.headers.location as string)).toEqual({
      reference: payment.paymentReference,
      status: 'PENDING',
      transRef: opened.transactionReference,
    });
    expect((await provider.verify(opened.transactionReference)).status).toBe('PENDING');
    expect(query((await choose(opened.checkoutUrl, 'pay')).headers.location as string).status).toBe(
      'PAID',
    );
    expect((await provider.verify(opened.transactionReference)).status).toBe('SUCCESSFUL');
  });

  it('a failed transfer can complete late, once, and only a failed one: a declined or paid payment stays as it is', async () => {
    const transfer = await provider.initiate(input());
    expect(
      query((await choose(transfer.checkoutUrl, 'fail')).headers.location as string).status,
    ).toBe('FAILED');
    expect((await provider.verify(transfer.transactionReference)).status).toBe('FAILED');
    const page = await app.inject({ method: 'GET', url: pathOf(transfer.checkoutUrl) });
    expect(page.body).toContain('value="late"');
    expect(
      query((await choose(transfer.checkoutUrl, 'late')).headers.location as string).status,
    ).toBe('PAID');
    expect((await provider.verify(transfer.transactionReference)).status).toBe('SUCCESSFUL');
    const declined = await provider.initiate(input());
    await choose(declined.checkoutUrl, 'decline');
    expect(
      query((await choose(declined.checkoutUrl, 'late')).headers.location as string).status,
    ).toBe('CANCELLED');
  });

  it('a decided payment cannot be changed: a later choice redirects again with the final status', async () => {
    const paid = await provider.initiate(input());
    await choose(paid.checkoutUrl, 'pay');
    const paidAt = (await provider.verify(paid.transactionReference)).paidAt;
    for (const action of ['decline', 'pending', 'pay']) {
      expect(
        query((await choose(paid.checkoutUrl, action)).headers.location as string).status,
      ).toBe('PAID');
    }
    expect(await provider.verify(paid.transactionReference)).toMatchObject({
      status: 'SUCCESSFUL',
      paidAt,
    });
    const page = await app.inject({ method: 'GET', url: pathOf(paid.checkoutUrl) });
    expect(page.body).toContain('already <strong>paid</strong>');
    expect(page.body).not.toContain('name="action"');

    const declined = await provider.initiate(input());
    await choose(declined.checkoutUrl, 'decline');
    expect(
      query((await choose(declined.checkoutUrl, 'pay')).headers.location as string).status,
    ).toBe('CANCELLED');
    expect((await provider.verify(declined.transactionReference)).status).toBe('CANCELLED');
  });

  it('two racing choices on one checkout end in exactly one final status', async () => {
    const opened = await provider.initiate(input());
    const answers = await Promise.all([
      choose(opened.checkoutUrl, 'pay'),
      choose(opened.checkoutUrl, 'decline'),
    ]);
    const final = (await provider.verify(opened.transactionReference)).status;
    const expected = final === 'SUCCESSFUL' ? 'PAID' : 'CANCELLED';
    for (const res of answers) expect(query(res.headers.location as string).status).toBe(expected);
  });

  it('answers an unknown reference with a 404 page, and verify rejects it like ErcasPay', async () => {
    const missing = `/sandbox/checkout/${encodeURIComponent('ERCS|SANDBOX|1|nope')}`;
    expect((await app.inject({ method: 'GET', url: missing })).statusCode).toBe(404);
    const post = await app.inject({
      method: 'POST',
      url: missing,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(post.statusCode).toBe(404);
    const err = await provider.verify('ERCS|SANDBOX|1|nope').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).toMatchObject({ code: 'REJECTED', message: 'Transaction not found' });
  });

  it('refuses a second checkout for the same payment reference, and an unknown choice', async () => {
    const payment = input();
    const opened = await provider.initiate(payment);
    await expect(provider.initiate(payment)).rejects.toMatchObject({ code: 'REJECTED' });
    expect((await choose(opened.checkoutUrl, 'refund')).statusCode).toBe(400);
    expect((await provider.verify(opened.transactionReference)).status).toBe('PENDING');
  });

  it('keeps a query string already in the redirect URL', () => {
    const row = {
      redirectUrl: '/wallet?tab=topup#top',
      paymentReference: 'P-1',
      transactionReference: 'ERCS|1|2',
      status: 'SUCCESSFUL' as const,
    };
    expect(returnUrl(row)).toBe(
      '/wallet?tab=topup&reference=P-1&status=PAID&transRef=ERCS%7C1%7C2#top',
    );
  });

  it('reads webhook references the same way as ErcasPay', () => {
    expect(
      provider.parseWebhook({
        transaction_reference: 'ERCS|SANDBOX|1|a',
        payment_reference: 'P-9',
      }),
    ).toEqual({
      transactionReference: 'ERCS|SANDBOX|1|a',
      paymentReference: 'P-9',
    });
  });
});
