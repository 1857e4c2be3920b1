// Test payment provider that pays instantly: every checkout it opens is SUCCESSFUL for its own amount.
import type { PaymentProvider, VerifiedPayment } from '../modules/payments/payment-provider.ts';

export function createInstantProvider(): PaymentProvider {
  const opened = new Map<
    string,
    { amountKobo: number; paymentReference: string; metadata: Record<string, unknown> }
  >();
  let n = 0;
  return {
    name: 'sandbox',
    async initiate(input) {
      const transactionReference = `INSTANT|${++n}|${input.paymentReference}`;
      opened.set(transactionReference, {
        amountKobo: input.amountKobo,
        paymentReference: input.paymentReference,
        metadata: input.metadata,
      });
      return {
        checkoutUrl: `https://pay.example/checkout/${n}`,
        transactionReference,
        paymentReference: input.paymentReference,
      };
    },
    async verify(transactionReference): Promise<VerifiedPayment> {
      const p = opened.get(transactionReference);
      if (!p) throw new Error('unknown transaction');
      return {
        status: 'SUCCESSFUL',
        rawStatus: 'SUCCESSFUL',
        amountKobo: p.amountKobo,
        currency: 'NGN',
        domain: 'live',
        paidAt: new Date(),
        transactionReference,
        paymentReference: p.paymentReference,
        metadata: p.metadata,
        customerEmail: null,
        raw: { status: 'SUCCESSFUL' },
      };
    },
    parseWebhook: () => null,
  };
}
