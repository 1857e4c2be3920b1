// Outbox messages an admin should see: given up (failed) or failing and waiting for their next attempt
// (retrying). Selects no body column, so sealed credentials e-mails stay sealed.
import { and, desc, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { AdminEmail } from '../../../shared/admin-emails.ts';
import type { Db } from '../../db/client.ts';
import { emailOutbox } from './mail.tables.ts';

const LIST_LIMIT = 100;

/** What Retry may re-queue: given up, or pending after a failure (a message being sent right now is left alone). */
export const canRetry: SQL = or(
  eq(emailOutbox.status, 'failed'),
  and(eq(emailOutbox.status, 'pending'), isNotNull(emailOutbox.lastError)),
)!;
/** What the console lists: the above, and a failing message the worker is trying again at this moment. */
const needsAttention: SQL = or(
  eq(emailOutbox.status, 'failed'),
  and(inArray(emailOutbox.status, ['pending', 'sending']), isNotNull(emailOutbox.lastError)),
)!;

export const adminEmailColumns = {
  id: emailOutbox.id,
  kind: emailOutbox.kind,
  to: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  createdAt: emailOutbox.createdAt,
};

type Row = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
};

export async function listEmailsNeedingAttention(db: Db): Promise<AdminEmail[]> {
  const rows = await db
    .select(adminEmailColumns)
    .from(emailOutbox)
    .where(needsAttention)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(LIST_LIMIT);
  return rows.map(toAdminEmail);
}

export function toAdminEmail(r: Row): AdminEmail {
  const failed = r.status === 'failed';
  return {
    id: r.id,
    kind: r.kind,
    to: r.to,
    subject: r.subject,
    state: failed ? 'failed' : 'retrying',
    attempts: r.attempts,
    lastError: r.lastError,
    nextAttemptAt: failed ? null : r.nextAttemptAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  };
}
