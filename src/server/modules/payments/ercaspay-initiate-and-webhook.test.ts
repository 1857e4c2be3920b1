// The ErcasPay client over real HTTP against the local fake: payloads, references, status mapping, errors, retries.
import { describe, expect, it } from 'vitest';
import { loadErcasPayFixture } from '../../test/fake-ercaspay.ts';
import { ercaspayTestKit } from '../../test/kits/ercaspay-client-kit.ts';

const { fake, client, input, answering, failure } = await ercaspayTestKit();

describe('ErcasPay initiate', () => {
  it('sends the amount in naira and the secret only in the Authorization header', async () => {
    const payment = input();
    const result = await client().initiate(payment);
    const [req] = fake.requests;
    expect(req).toMatchObject({ method: 'POST', path: '/api/v1/payment/initiate' });
    expect(req!.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(req!.headers.accept).toBe('application/json');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.body).toEqual({
      amount: 1234.5,
      paymentReference: payment.paymentReference,
      paymentMethods: 'card,bank-transfer,ussd,qrcode',
      customerName: 'Ada Obi',
      customerEmail: 'ada@example.com',
      redirectUrl: 'http://localhost:3000/wallet',
      description: 'Wallet Top-up',
      currency: 'NGN',
      feeBearer: 'merchant',
      metadata: { user_id: 'u-1', type: 'wallet_topup' },
    });
    expect(JSON.stringify(req!.body)).not.toContain(fake.secretKey);
    expect(result.paymentReference).toBe(payment.paymentReference);
    expect(result.transactionReference).toMatch(/^ERCS\|\d{14}\|\d+$/);
    expect(result.checkoutUrl).toContain(result.transactionReference);
  });

  it('refuses an amount that is not a positive whole number of kobo before calling ErcasPay', async () => {
    await expect(client().initiate(input({ amountKobo: 10.5 }))).rejects.toThrow(RangeError);
    await expect(client().initiate(input({ amountKobo: 0 }))).rejects.toThrow(RangeError);
    expect(fake.requests).toHaveLength(0);
  });

  it("reports requestSuccessful false as REJECTED with ErcasPay's message, or a default", async () => {
    const duplicate = input();
    await client().initiate(duplicate);
    const err = await failure(client().initiate(duplicate));
    expect(err).toMatchObject({ code: 'REJECTED', message: 'Duplicate payment reference' });
    const bare = await failure(answering(200, '{"requestSuccessful":false}').initiate(input()));
    expect(bare).toMatchObject({ code: 'REJECTED', message: 'Payment initialization failed' });
  });

  it('is never retried, not even after a 5xx', async () => {
    fake.failNext(1, 502);
    const err = await failure(client().initiate(input()));
    expect(err).toMatchObject({ code: 'HTTP', status: 502 });
    expect(fake.requests).toHaveLength(1);
  });

  it('fails a wrong key with "HTTP 401: …" and never repeats the secret', async () => {
    const wrongKey = 'ECRS-TEST-SK-wrong-key-0000';
    const err = await failure(client({ secretKey: wrongKey }).initiate(input()));
    expect(err.code).toBe('HTTP');
    expect(err.status).toBe(401);
    // ErcasPay's own words travel with the error, for the admin (and the customer where fitting).
    expect(err.message).toBe('HTTP 401: Invalid or missing secret key');
    expect(err.explanation).toBe('Invalid or missing secret key');
    expect(err.raw).toEqual(loadErcasPayFixture('error-unauthorized.json'));
    expect(err.message).not.toContain(wrongKey);
  });

  it('times out a stalled ErcasPay with a TIMEOUT error and does not retry it', async () => {
    fake.delayNext(1, 500);
    const err = await failure(client({ timeoutMs: 100 }).initiate(input()));
    expect(err.code).toBe('TIMEOUT');
    expect(fake.requests).toHaveLength(1);
  });

  it('rejects an answer of the wrong shape as BAD_RESPONSE', async () => {
    const noUrl =
      '{"requestSuccessful":true,"responseBody":{"paymentReference":"a","transactionReference":"b"}}';
    expect(await failure(answering(200, noUrl).initiate(input()))).toMatchObject({
      code: 'BAD_RESPONSE',
    });
    expect(await failure(answering(200, '<html>gateway</html>').initiate(input()))).toMatchObject({
      code: 'BAD_RESPONSE',
    });
  });
});

describe('ErcasPay webhook', () => {
  it('pulls both references out of the observed webhook body and nothing else', () => {
    const hint = client().parseWebhook(loadErcasPayFixture('webhook-credit.json'));
    expect(hint).toEqual({
      transactionReference: 'ERCS|20251031101500|1761905700000',
      paymentReference: 'STORE-TOPUP-0001',
    });
  });

  it('accepts camelCase, wrapped and string bodies, and returns null for anything unrecognisable', () => {
    const parse = client().parseWebhook;
    expect(parse({ data: { transactionReference: 'ERCS|1|2', paymentReference: 'P-1' } })).toEqual({
      transactionReference: 'ERCS|1|2',
      paymentReference: 'P-1',
    });
    expect(parse(JSON.stringify({ ercs_reference: 'ERCS|3|4', tx_reference: 'P-2' }))).toEqual({
      transactionReference: 'ERCS|3|4',
      paymentReference: 'P-2',
    });
    expect(parse({ transRef: 'ERCS|5|6' })).toEqual({
      transactionReference: 'ERCS|5|6',
      paymentReference: null,
    });
    for (const junk of [
      null,
      'not json',
      42,
      [],
      { amount: 5000 },
      { transaction_reference: '' },
      { payment_reference: 'x'.repeat(500) },
    ]) {
      expect(parse(junk)).toBeNull();
    }
  });
});
