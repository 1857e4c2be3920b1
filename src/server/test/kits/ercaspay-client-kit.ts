// What the ercaspay-client tests share (ercaspay-initiate-and-webhook and ercaspay-verify .test.ts): each file calls
// ercaspayTestKit() for a store of its own.
import { afterAll, beforeEach, expect } from 'vitest';
import { startFakeErcasPay } from '../fake-ercaspay.ts';
import { paymentInput } from '../topup-helpers.ts';
import { createErcasPayProvider } from '../../modules/payments/ercaspay-client.ts';
import {
  PaymentProviderError,
  type InitiatePaymentInput,
} from '../../modules/payments/payment-provider.ts';

export async function ercaspayTestKit() {
  const fake = await startFakeErcasPay();
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const client = (overrides: Partial<Parameters<typeof createErcasPayProvider>[0]> = {}) =>
    createErcasPayProvider({
      baseUrl: fake.baseUrl,
      secretKey: fake.secretKey,
      retryDelayMs: 5,
      ...overrides,
    });

  let n = 0;
  const input = (overrides: Partial<InitiatePaymentInput> = {}) =>
    paymentInput({
      amountKobo: 123_450,
      paymentReference: `TOPUP-${++n}-${Date.now()}`,
      ...overrides,
    });

  /** A provider whose fetch answers once with a fixed status and body, for shapes the fake never sends. */
  const answering = (status: number, body: string) =>
    client({
      fetch: async () =>
        new Response(body, { status, headers: { 'content-type': 'application/json' } }),
    });

  async function failure(promise: Promise<unknown>): Promise<PaymentProviderError> {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PaymentProviderError);
    return err as PaymentProviderError;
  }
  return { fake, client, input, answering, failure };
}
