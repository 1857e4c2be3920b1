// Signed webhooks of the reseller API: the events, what the owner registers and sees in /profile, the payloads
// sent (the OpenAPI document's `webhooks` are generated from these) and the signature's header and tolerance.
import { z } from 'zod';
import { koboSchema, timestampSchema } from './answer-parts.ts';
import { v1OrderSchema, v1TopupSchema } from './api-v1.ts';
import { REPORT_STATUSES } from './reports.ts';

export const WEBHOOK_EVENTS = ['order.completed', 'topup.credited', 'report.resolved'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** pending: due (again); sending: claimed by a worker; delivered: answered 2xx; failed: gave up (Resend retries). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Attempts before a delivery is given up (failed); about 15 hours of backoff in all. */
export const WEBHOOK_MAX_ATTEMPTS = 12;
/** Endpoints a customer may register at once. */
export const MAX_WEBHOOK_ENDPOINTS = 5;
/** Deliveries the log in /profile shows, newest first. */
export const WEBHOOK_DELIVERIES_SHOWN = 50;
/** The signature's header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Acctstore-Signature';
/** How old a signed timestamp a receiver should still accept (replay protection), in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Which addresses a webhook may have, as check-destination.ts decides (said on /developers and in the Profile). */
export const WEBHOOK_ADDRESS_RULE = {
  production: 'A public https:// address: private, local and reserved addresses are refused.',
  development:
    "A store running in development (not production) also accepts http:// addresses and this machine's own " +
    '(localhost, 127.0.0.0/8 such as http://127.0.0.1:8080/, and [::1]), for a receiver on your computer.',
} as const;

export const webhookMessages = {
  urlInvalid: 'Enter a full https:// address for your webhook (at most 500 characters).',
  urlNotHttps: 'Webhook addresses must start with https://.',
  urlRefused:
    'This address is private or reserved (loopback, local network, link-local…). Use a public address.',
  urlHasCredentials: 'Leave the user name and password out of the webhook address.',
  eventsRequired: 'Pick at least one event.',
  tooMany: `You can register at most ${MAX_WEBHOOK_ENDPOINTS} webhooks. Remove one first.`,
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  resendQueued: 'Queued: it will be sent again in a moment.',
  alreadyQueued: 'This delivery is already queued.',
} as const;

export const registerWebhookSchema = z.object({
  url: z
    .string({ error: webhookMessages.urlInvalid })
    .trim()
    .min(1, webhookMessages.urlInvalid)
    .max(500, webhookMessages.urlInvalid),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: webhookMessages.eventsRequired }), {
      error: webhookMessages.eventsRequired,
    })
    .min(1, webhookMessages.eventsRequired)
    .max(WEBHOOK_EVENTS.length, webhookMessages.eventsRequired)
    .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e))),
});
export type RegisterWebhookInput = z.infer<typeof registerWebhookSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  url: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  eventId: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The HTTP status of the last answer; null when none came (refused, timed out, not tried yet). */
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookListSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
  deliveries: z.array(webhookDeliverySchema),
});
export type WebhookList = z.infer<typeof webhookListSchema>;

/** POST /api/me/webhooks → 201: the only time the signing secret is shown. */
export const createdWebhookSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const resendResultSchema = z.object({
  delivery: webhookDeliverySchema,
  message: z.string(),
});
export type ResendResult = z.infer<typeof resendResultSchema>;

// ---- The payloads (the body of each POST), named for the OpenAPI document's `webhooks` section ----

const envelope = <E extends WebhookEvent, D extends z.ZodType>(event: E, data: D, id: string) =>
  z
    .object({
      id: z
        .guid()
        .describe(
          'The event id: the same on every retry and Resend, so a receiver can drop repeats.',
        ),
      type: z.literal(event),
      createdAt: timestampSchema.describe('When the event happened (ISO 8601, UTC).'),
      data,
    })
    .meta({ id });

export const orderCompletedEventSchema = envelope(
  'order.completed',
  z.object({ order: v1OrderSchema }),
  'OrderCompletedEvent',
);
export const topupCreditedEventSchema = envelope(
  'topup.credited',
  z.object({
    topup: v1TopupSchema,
    balanceKobo: koboSchema.describe('The wallet balance right after this credit, in kobo.'),
  }),
  'TopupCreditedEvent',
);
export const reportResolvedEventSchema = envelope(
  'report.resolved',
  z.object({
    report: z.object({
      id: z.uuid(),
      orderId: z.uuid(),
      username: z.string().describe('The reported account.'),
      status: z.enum(REPORT_STATUSES).exclude(['open']),
      rejectReason: z.string().nullable(),
      refundKobo: koboSchema
        .nullable()
        .describe('Credited to the wallet when refunded; else null.'),
      resolvedAt: timestampSchema,
    }),
  }),
  'ReportResolvedEvent',
);

export const webhookPayloadSchemas = {
  'order.completed': orderCompletedEventSchema,
  'topup.credited': topupCreditedEventSchema,
  'report.resolved': reportResolvedEventSchema,
} as const satisfies Record<WebhookEvent, z.ZodType>;
export type WebhookPayload = z.infer<(typeof webhookPayloadSchemas)[WebhookEvent]>;
