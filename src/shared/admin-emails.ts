// The admin console's E-mail tab contract: outbox messages that failed or are waiting to be retried, Retry and
// Retry all.
// Bodies never travel: credentials e-mails are sealed, and a subject and an error are enough to act on.
import { z } from 'zod';
import { timestampSchema } from './answer-parts.ts';

export const EMAIL_ATTENTION_STATES = ['failed', 'retrying'] as const;
export type EmailAttentionState = (typeof EMAIL_ATTENTION_STATES)[number];

export const adminEmailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  state: z.enum(EMAIL_ATTENTION_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type AdminEmail = z.infer<typeof adminEmailSchema>;

/** GET /api/admin/emails */
export const adminEmailListSchema = z.object({ emails: z.array(adminEmailSchema) });
export type AdminEmailList = z.infer<typeof adminEmailListSchema>;
/** POST /api/admin/emails/:id/retry */
export const retryEmailResultSchema = z.object({ message: z.string(), email: adminEmailSchema });
export type RetryEmailResult = z.infer<typeof retryEmailResultSchema>;

/** POST /api/admin/emails/retry-failed */
export const retryFailedEmailsResultSchema = z.object({
  message: z.string(),
  retried: z.number().int(),
});
export type RetryFailedEmailsResult = z.infer<typeof retryFailedEmailsResultSchema>;

export const adminEmailMessages = {
  /** After Retry all: how many went back to the outbox. */
  queuedAll: (n: number) =>
    n === 0
      ? 'No e-mail is waiting for a retry.'
      : `${n} e-mail${n === 1 ? '' : 's'} queued: they will be sent again in a moment.`,
  queued: 'E-mail queued: it will be sent again in a moment.',
  notWaiting: 'This e-mail is not waiting for a retry.',
  notFound: 'E-mail not found',
  retryFailed: 'Failed to retry e-mail',
  retryAllFailed: 'Failed to retry e-mails',
} as const;
