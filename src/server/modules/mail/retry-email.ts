// Retry from the admin console: a failed (or failing) e-mail goes back to the outbox, due now, for one more
// attempt by the worker; the audit log says who asked. A sent or sending message is left alone.
import { and, eq, sql } from 'drizzle-orm';
import { adminEmailMessages, type AdminEmail } from '../../../shared/admin-emails.ts';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../http/access.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { adminEmailColumns, canRetry, toAdminEmail } from './emails-needing-attention.ts';
import { emailOutbox } from './mail.tables.ts';

export async function retryEmail(db: Db, actor: SessionUser, id: string): Promise<AdminEmail> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailOutbox)
      .set({ status: 'pending', nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(and(eq(emailOutbox.id, id), canRetry))
      .returning(adminEmailColumns);
    if (!row) {
      const [exists] = await tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(eq(emailOutbox.id, id));
      throw exists
        ? conflict(adminEmailMessages.notWaiting)
        : notFound(adminEmailMessages.notFound);
    }
    await recordAudit(
      tx,
      actor,
      'email.retry',
      { type: 'email', id },
      { attempts: row.attempts, lastError: row.lastError },
    );
    return toAdminEmail(row);
  });
}
