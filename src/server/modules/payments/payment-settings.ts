// What the admin's payments panel shows about the store's ErcasPay set-up: the webhook URL to paste into
// ErcasPay's dashboard (token masked), when the last webhook arrived, and the payment mode.
import { eq } from 'drizzle-orm';
import type { PaymentMode, PaymentSettings, ProviderName } from '../../../shared/payments.ts';
import type { Db } from '../../db/client.ts';
import { paymentWebhooks } from './payments.tables.ts';

export const WEBHOOK_PATH = '/api/payments/ercaspay/webhook/';
const SHOWN_TOKEN_CHARS = 4;

export type PaymentSetup = {
  publicUrl: string;
  webhookToken: string | undefined;
  paymentMode: PaymentMode;
  provider: ProviderName;
};

export function webhookUrl(setup: PaymentSetup): string | null {
  return setup.webhookToken
    ? `${setup.publicUrl}${WEBHOOK_PATH}${encodeURIComponent(setup.webhookToken)}`
    : null;
}

/** Enough of the token to tell two set-ups apart, never enough to guess it. */
export function maskedWebhookUrl(setup: PaymentSetup): string | null {
  const token = setup.webhookToken;
  return token
    ? `${setup.publicUrl}${WEBHOOK_PATH}${token.slice(0, SHOWN_TOKEN_CHARS)}${'•'.repeat(12)}`
    : null;
}

export async function readPaymentSettings(db: Db, setup: PaymentSetup): Promise<PaymentSettings> {
  const [arrival] = await db
    .select()
    .from(paymentWebhooks)
    .where(eq(paymentWebhooks.provider, setup.provider));
  return {
    provider: setup.provider,
    paymentMode: setup.paymentMode,
    webhookUrlMasked: maskedWebhookUrl(setup),
    lastWebhookAt: arrival?.lastReceivedAt.toISOString() ?? null,
    webhooksReceived: arrival?.received ?? 0,
  };
}
