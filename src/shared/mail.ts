// The e-mail outbox's message states, for the table, the metrics and the screens that show a delivery.
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
