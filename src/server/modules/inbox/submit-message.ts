// Stores a form message unless its sender (by hashed IP) already sent the maximum within the window.
import crypto from 'node:crypto';
import { and, count, gt, min, sql } from 'drizzle-orm';
import { INBOX_RATE_LIMIT, type InboxKind } from '../../../shared/inbox.ts';
import type { Db } from '../../db/client.ts';
import { inboxMessages } from './inbox.tables.ts';

export type NewInboxMessage = {
  kind: InboxKind;
  name: string;
  email: string;
  subject: string;
  body: string;
  fields: Record<string, string | undefined>;
};

export type SubmitResult = { ok: true; id: string } | { ok: false; retryAfterSeconds: number };

/** The key in `fields` that holds the sender's hashed IP; the admin Inbox never shows it. */
export const IP_HASH_FIELD = 'ipHash';

/** We keep only a hash of the address: enough to count, not something to read back at a glance. */
export function hashIp(ip: string): string {
  return crypto.createHash('sha256').update(`acctstore-inbox:${ip}`).digest('hex');
}

export async function submitMessage(
  db: Db,
  ip: string,
  message: NewInboxMessage,
): Promise<SubmitResult> {
  const ipHash = hashIp(ip);
  const fields: Record<string, string> = { [IP_HASH_FIELD]: ipHash };
  for (const [key, value] of Object.entries(message.fields)) if (value) fields[key] = value;

  return db.transaction(async (tx) => {
    // Serialise submissions from one address so that parallel requests cannot slip past the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`inbox:${ipHash}`}, 0))`);
    const windowStart = sql`now() - make_interval(mins => ${INBOX_RATE_LIMIT.windowMinutes})`;
    const [recent] = await tx
      .select({ n: count(), oldest: min(inboxMessages.createdAt) })
      .from(inboxMessages)
      .where(
        and(
          gt(inboxMessages.createdAt, windowStart),
          sql`${inboxMessages.fields}->>${IP_HASH_FIELD} = ${ipHash}`,
        ),
      );
    if (recent && recent.n >= INBOX_RATE_LIMIT.max) {
      const freesAt =
        new Date(recent.oldest ?? Date.now()).getTime() + INBOX_RATE_LIMIT.windowMinutes * 60_000;
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil((freesAt - Date.now()) / 1000)),
      };
    }
    const [row] = await tx
      .insert(inboxMessages)
      .values({ ...message, fields })
      .returning({ id: inboxMessages.id });
    return { ok: true, id: row!.id };
  });
}
