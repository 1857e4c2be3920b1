// Retry all from the admin console (issue 49): after an outage every e-mail that failed, or is failing and waiting,
// goes back to the outbox due now, in one statement, each for one more attempt; the audit log says who asked and
// how many. A sent or sending message is left alone.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../http/access.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { canRetry } from './emails-needing-attention.ts';
import { emailOutbox } from './mail.tables.ts';

export async function retryFailedEmails(db: Db, actor: SessionUser): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(emailOutbox)
      .set({ status: 'pending', nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(canRetry)
      .returning({ id: emailOutbox.id });
    if (rows.length > 0)
      await recordAudit(
        tx,
        actor,
        'email.retry_all',
        { type: 'email', id: null },
        { count: rows.length },
      );
    return rows.length;
  });
}
