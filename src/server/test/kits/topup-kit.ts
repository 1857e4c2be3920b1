// What the topup tests share (topup-start-and-forgeries and topup-credit .test.ts): each file calls topupTestKit()
// for a store of its own.
import { referralTerms, silent, topupTestApp } from '../topup-helpers.ts';
import { createSettler } from '../../modules/payments/settle-payment.ts';

export async function topupTestKit() {
  const WEBHOOK_TOKEN = 'webhook-token-0123456789abcdef';
  const { fake, provider, app, db, startTopup, check, webhook, balanceOf, topupRows } =
    await topupTestApp({ webhookToken: WEBHOOK_TOKEN, retryDelayMs: 5 });
  // The fake answers with the documented fixtures, whose domain is "test": the store runs in test mode here.
  const settle = createSettler({ db, provider, log: silent, paymentMode: 'test', referralTerms });
  return { fake, provider, app, db, startTopup, check, webhook, balanceOf, topupRows, settle };
}
