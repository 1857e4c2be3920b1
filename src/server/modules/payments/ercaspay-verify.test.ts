// The ErcasPay client over real HTTP against the local fake: payloads, references, status mapping, errors, retries.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadErcasPayFixture } from '../../test/fake-ercaspay.ts';
import { ercaspayTestKit } from '../../test/kits/ercaspay-client-kit.ts';

const { fake, client, input, answering, failure } = await ercaspayTestKit();

describe('ErcasPay verify', () => {
  it('asks with the ERCS|… reference URL-encoded and reads metadata sent as a JSON string', async () => {
    const opened = await client().initiate(
      input({ amountKobo: 500_000, metadata: { user_id: 'u-9', originalAmount: 5000 } }),
    );
    fake.setStatus(opened.transactionReference, 'SUCCESSFUL');
    fake.requests.length = 0;
    const verified = await client().verify(opened.transactionReference);
    expect(fake.requests[0]!.path).toBe(
      `/api/v1/payment/transaction/verify/${opened.transactionReference.replaceAll('|', '%7C')}`,
    );
    expect(verified).toMatchObject({
      status: 'SUCCESSFUL',
      rawStatus: 'SUCCESSFUL',
      amountKobo: 500_000,
      currency: 'NGN',
      transactionReference: opened.transactionReference,
      // tx_reference is ErcasPay's own (CSHM|…), never read as ours.
      paymentReference: null,
      domain: 'test',
      metadata: { user_id: 'u-9', originalAmount: 5000 },
      customerEmail: 'ada@example.com',
    });
    expect(verified.paidAt).toBeInstanceOf(Date);
  });

  it('reads the documented answer exactly: naira to kobo, paid_at with microseconds, metadata string', async () => {
    const fixture = loadErcasPayFixture('verify-successful.json');
    const verified = await answering(200, JSON.stringify(fixture)).verify(
      'ERCS|20231112152333|1699799013942',
    );
    expect(verified).toEqual({
      status: 'SUCCESSFUL',
      rawStatus: 'SUCCESSFUL',
      amountKobo: 10_000,
      currency: 'NGN',
      domain: 'test',
      paidAt: new Date('2023-11-12T14:24:58Z'),
      transactionReference: 'ERCS|20231112152333|1699799013942',
      // The documented tx_reference (CSHM|WLTP|…) is ErcasPay's, not our payment reference.
      paymentReference: null,
      metadata: { firstname: 'Ola', lastname: 'Benson', email: 'iie@mail.com' },
      customerEmail: 'iie@mail.com',
      raw: fixture,
    });
  });

  it('maps PENDING, FAILED and CANCELLED, keeps anything else as UNKNOWN, and rounds naira to whole kobo', async () => {
    const tx = fake.addTransaction({
      paymentReference: `P-${Date.now()}`,
      amountNaira: 19.99,
      metadata: { a: 1 },
    });
    const seen: Array<[string, string]> = [];
    for (const raw of ['PENDING', 'FAILED', 'CANCELLED', 'ABANDONED']) {
      fake.setStatus(tx.ercsReference, raw);
      const v = await client().verify(tx.ercsReference);
      seen.push([v.status, v.rawStatus]);
      expect(v.amountKobo).toBe(1999);
      expect(v.paidAt).toBeNull();
    }
    expect(seen).toEqual([
      ['PENDING', 'PENDING'],
      ['FAILED', 'FAILED'],
      ['CANCELLED', 'CANCELLED'],
      ['UNKNOWN', 'ABANDONED'],
    ]);
    for (const name of ['verify-pending.json', 'verify-failed.json']) {
      const v = await answering(200, JSON.stringify(loadErcasPayFixture(name))).verify(
        'ERCS|20231112152333|1699799013942',
      );
      expect(v.status).toBe(name === 'verify-pending.json' ? 'PENDING' : 'FAILED');
    }
  });

  it('never puts the secret in an error message, even when ErcasPay echoes it, and truncates long bodies', async () => {
    const body = `{"echo":"Bearer ${fake.secretKey}","padding":"${'x'.repeat(2000)}"}`;
    const err = await failure(answering(400, body).verify('ERCS|1|2'));
    expect(err.message.startsWith('HTTP 400: {"echo":"Bearer [redacted]"')).toBe(true);
    expect(err.message).not.toContain(fake.secretKey);
    expect(err.message.length).toBeLessThan(520);
    const rejected = await failure(
      answering(
        200,
        `{"requestSuccessful":false,"responseMessage":"bad key ${fake.secretKey}"}`,
      ).verify('ERCS|1|2'),
    );
    expect(rejected).toMatchObject({ code: 'REJECTED', message: 'bad key [redacted]' });
    const bare = await failure(
      answering(200, '{"requestSuccessful":false,"responseMessage":null}').verify('ERCS|1|2'),
    );
    expect(bare.message).toBe('Payment verification failed');
  });

  it('retries a 5xx up to two times and then succeeds', async () => {
    const tx = fake.addTransaction({ paymentReference: `R-${Date.now()}`, amountNaira: 100 });
    fake.failNext(2, 503);
    expect((await client().verify(tx.ercsReference)).status).toBe('PENDING');
    expect(fake.requests).toHaveLength(3);
  });

  it('gives up after two retries, and does not retry a 4xx', async () => {
    const tx = fake.addTransaction({ paymentReference: `G-${Date.now()}`, amountNaira: 100 });
    fake.failNext(3, 500);
    expect(await failure(client().verify(tx.ercsReference))).toMatchObject({
      code: 'HTTP',
      status: 500,
    });
    expect(fake.requests).toHaveLength(3);
    fake.requests.length = 0;
    expect(await failure(client().verify('ERCS|0|unknown'))).toMatchObject({
      code: 'HTTP',
      status: 404,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a timeout, and reports TIMEOUT when every attempt stalls', async () => {
    const tx = fake.addTransaction({ paymentReference: `T-${Date.now()}`, amountNaira: 100 });
    fake.delayNext(1, 400);
    expect((await client({ timeoutMs: 100 }).verify(tx.ercsReference)).status).toBe('PENDING');
    fake.delayNext(3, 400);
    expect(await failure(client({ timeoutMs: 100 }).verify(tx.ercsReference))).toMatchObject({
      code: 'TIMEOUT',
    });
  });

  it('reports an unreachable ErcasPay as NETWORK after retrying', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    let calls = 0;
    const counting: typeof fetch = (url, init) => ((calls += 1), fetch(url, init));
    const err = await failure(
      client({ baseUrl: `http://127.0.0.1:${port}/api/v1`, fetch: counting }).verify('ERCS|1|2'),
    );
    expect(err.code).toBe('NETWORK');
    expect(err.message).not.toContain(fake.secretKey);
    expect(calls).toBe(3);
  });

  it('sends Content-Type, Accept and the bearer key on the verify GET too, as the documentation requires', async () => {
    const tx = fake.addTransaction({ paymentReference: `H-${Date.now()}`, amountNaira: 100 });
    await client().verify(tx.ercsReference);
    expect(fake.requests[0]!.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${fake.secretKey}`,
    });
  });

  it('reads our reference only from a field that means it, and reports a missing currency as none', async () => {
    const fixture = loadErcasPayFixture<{ responseBody: Record<string, unknown> }>(
      'verify-successful.json',
    );
    const ref = 'ERCS|20231112152333|1699799013942';
    const withOurs = {
      ...fixture,
      responseBody: { ...fixture.responseBody, paymentReference: 'ACCTSTORE_1_A' },
    };
    expect((await answering(200, JSON.stringify(withOurs)).verify(ref)).paymentReference).toBe(
      'ACCTSTORE_1_A',
    );
    const noCurrency = {
      ...fixture,
      responseBody: { ...fixture.responseBody, currency: undefined },
    };
    expect((await answering(200, JSON.stringify(noCurrency)).verify(ref)).currency).toBeNull();
  });

  it("surfaces ErcasPay's explanation on a 4xx, and keeps the scrubbed answer", async () => {
    const body = {
      requestSuccessful: false,
      responseCode: 'failed',
      responseMessage: 'Bad request',
      explanation: 'Transaction reference is invalid',
      key: fake.secretKey,
    };
    const err = await failure(answering(400, JSON.stringify(body)).verify('ERCS|1|2'));
    expect(err).toMatchObject({
      code: 'HTTP',
      status: 400,
      explanation: 'Transaction reference is invalid',
      message: 'HTTP 400: Transaction reference is invalid',
    });
    expect(JSON.stringify(err.raw)).not.toContain(fake.secretKey);
    const rejected = await failure(
      answering(200, JSON.stringify({ ...body, secret: 'x' })).initiate(input()),
    );
    expect(rejected).toMatchObject({
      code: 'REJECTED',
      explanation: 'Transaction reference is invalid',
    });
  });

  it('refuses an answer about a different transaction', async () => {
    const fixture = loadErcasPayFixture('verify-successful.json');
    const err = await failure(
      answering(200, JSON.stringify(fixture)).verify('ERCS|20990101000000|1'),
    );
    expect(err.code).toBe('BAD_RESPONSE');
  });
});
