// The top-up payment's states, declared once for the server, the API and the screens; the allowed moves
// between them live in server/modules/payments/payment-transitions.ts.
import { z } from 'zod';
import { timestampSchema } from './answer-parts.ts';

/** Who takes the money: ErcasPay, or the built-in sandbox that stands in for it outside production. */
export const PROVIDER_NAMES = ['ercaspay', 'sandbox'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A provider's own word for a payment, as ErcasPay writes it; the built-in sandbox keeps the same words in
 * sandbox_checkouts. Our payment's state is PaymentStatus; settle-payment.ts maps one to the other. */
export const PROVIDER_STATUSES = ['PENDING', 'SUCCESSFUL', 'FAILED', 'CANCELLED'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/** How the store treats ErcasPay's `domain`: a TEST-domain payment is credited only in test mode. */
export const PAYMENT_MODES = ['live', 'test'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** Who asked for a verification: kept with each stored provider answer, for audit. */
export const VERIFY_SOURCES = ['redirect', 'customer', 'webhook', 'reconciler', 'admin'] as const;
export type VerifySource = (typeof VERIFY_SOURCES)[number];

/** What the customer reads for each state (Transaction History, the wallet's outcome notice). */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Pending',
  completed: 'Successful',
  failed: 'Failed',
  expired: 'Expired',
};

/** Prefix of a status message that carries ErcasPay's own explanation, which the customer may read. */
export const PROVIDER_EXPLANATION_PREFIX = 'ErcasPay says: ';

/** GET /api/admin/payments/settings: what the shop owner pastes into ErcasPay's dashboard, and whether it works. */
export const paymentSettingsSchema = z.object({
  provider: z.enum(PROVIDER_NAMES),
  paymentMode: z.enum(PAYMENT_MODES),
  /** The webhook URL with its token masked; null while PAYMENT_WEBHOOK_TOKEN is not set (the route refuses all). */
  webhookUrlMasked: z.string().nullable(),
  lastWebhookAt: timestampSchema.nullable(),
  webhooksReceived: z.number().int(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;
/** POST /api/admin/payments/webhook-url: the full URL, for the copy button only (audited). */
export const webhookUrlSchema = z.object({ webhookUrl: z.string() });
export type WebhookUrl = z.infer<typeof webhookUrlSchema>;
