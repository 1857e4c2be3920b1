// Owner alerts on Telegram: the kinds the store sends, their states in the alert outbox, and the console's
// settings card contract (GET/PUT /api/admin/alerts, POST /api/admin/alerts/test).
import { z } from 'zod';
import { timestampSchema } from './answer-parts.ts';

/** What the store tells its owner about. The database triggers enqueue these names (src/server/db/functions/). */
export const OWNER_ALERT_KINDS = [
  'order_completed',
  'low_stock',
  'account_reported',
  'topup_attention',
  'email_failing',
] as const;
export type OwnerAlertKind = (typeof OWNER_ALERT_KINDS)[number];

/** pending → sending (claimed) → sent; skipped when no Telegram bot is configured to send it. */
export const OWNER_ALERT_STATUSES = ['pending', 'sending', 'sent', 'skipped'] as const;
export type OwnerAlertStatus = (typeof OWNER_ALERT_STATUSES)[number];

export const ownerAlertKindLabels: Record<OwnerAlertKind, { label: string; description: string }> =
  {
    order_completed: {
      label: 'Completed orders',
      description: 'Each order, or only orders from the amount below.',
    },
    low_stock: {
      label: 'Low stock',
      description:
        'A product template drops to the low-stock threshold (Settings) or fewer available accounts.',
    },
    account_reported: {
      label: 'Reported accounts',
      description: 'A customer reports a bad account.',
    },
    topup_attention: {
      label: 'Top-ups needing attention',
      description:
        "The provider's answer does not match the top-up, or a failed top-up was paid late.",
    },
    email_failing: {
      label: 'E-mail failing',
      description: 'An e-mail failed three attempts in a row.',
    },
  };

const kindsSchema = z.object(
  Object.fromEntries(OWNER_ALERT_KINDS.map((k) => [k, z.boolean()])) as Record<
    OwnerAlertKind,
    z.ZodBoolean
  >,
);

/** GET /api/admin/alerts */
export const ownerAlertSettingsSchema = z.object({
  telegram: z.object({
    configured: z.boolean(),
    /** The last characters of the chat id, to tell two set-ups apart. */
    chatHint: z.string().nullable(),
  }),
  kinds: kindsSchema,
  minOrderKobo: z.number().int(),
  queue: z.object({
    waiting: z.number().int(),
    skipped: z.number().int(),
    lastError: z.string().nullable(),
    lastSentAt: timestampSchema.nullable(),
  }),
});
export type OwnerAlertSettings = z.infer<typeof ownerAlertSettingsSchema>;

/** ₦10,000,000 at most: a threshold above any single order would switch the kind off in disguise. */
export const MAX_MIN_ORDER_KOBO = 10_000_000_00;

/** PUT /api/admin/alerts */
export const updateOwnerAlertSettingsSchema = z.object({
  kinds: kindsSchema,
  minOrderKobo: z
    .number()
    .int('Enter the amount in whole kobo')
    .min(0, 'The amount cannot be negative')
    .max(MAX_MIN_ORDER_KOBO, 'The amount is too large'),
});
export type UpdateOwnerAlertSettings = z.infer<typeof updateOwnerAlertSettingsSchema>;

export const saveOwnerAlertSettingsResultSchema = z.object({
  message: z.string(),
  settings: ownerAlertSettingsSchema,
});
export type SaveOwnerAlertSettingsResult = z.infer<typeof saveOwnerAlertSettingsResultSchema>;

/** POST /api/admin/alerts/test */
export const testOwnerAlertResultSchema = z.object({ message: z.string() });
export type TestOwnerAlertResult = z.infer<typeof testOwnerAlertResultSchema>;

export const ownerAlertMessages = {
  saved: 'Alert settings saved.',
  saveFailed: 'Failed to save alert settings',
  testSent: 'Test message sent: check your Telegram chat.',
  testFailed: 'Failed to send the test message',
  notConfigured:
    'Telegram is not configured: save the bot token and chat id in Settings (Telegram owner bot).',
  telegramRefused: (why: string) => `Telegram did not take the message: ${why}`,
} as const;
