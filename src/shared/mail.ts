// The e-mail outbox's message states, for the table, the metrics and the screens that show a delivery.
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * The outbox sends lower priorities first. Account e-mails come first: a new customer cannot sign in before the
 * confirmation arrives, nor back in before the reset, whatever backlog of credentials e-mails a sale left behind.
 */
export const EMAIL_PRIORITY = { account: 0, bulk: 1 } as const;

/** The kinds sent ahead of the rest (EMAIL_PRIORITY.account). */
export const ACCOUNT_EMAIL_KINDS = [
  'confirm_email',
  'reset_password',
  'password_changed',
  'change_email',
  'email_changed',
] as const;

export function emailPriority(kind: string): number {
  return (ACCOUNT_EMAIL_KINDS as readonly string[]).includes(kind)
    ? EMAIL_PRIORITY.account
    : EMAIL_PRIORITY.bulk;
}
