// The admin console's E-mail tab contract: outbox messages that failed or are waiting to be retried, and Retry.
// Bodies never travel: credentials e-mails are sealed, and a subject and an error are enough to act on.
export const EMAIL_ATTENTION_STATES = ['failed', 'retrying'] as const;
export type EmailAttentionState = (typeof EMAIL_ATTENTION_STATES)[number];

export type AdminEmail = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  state: EmailAttentionState;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
};

/** GET /api/admin/emails */
export type AdminEmailList = { emails: AdminEmail[] };

export const adminEmailMessages = {
  queued: 'E-mail queued: it will be sent again in a moment.',
  notWaiting: 'This e-mail is not waiting for a retry.',
  notFound: 'E-mail not found',
  retryFailed: 'Failed to retry e-mail',
} as const;
