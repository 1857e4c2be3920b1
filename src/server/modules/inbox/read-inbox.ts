// The admin Inbox reads: the latest messages (optionally of one status) with the count of new ones, and the
// shape every inbox answer gives a message (the sender's address hash stays in the database).
import { count, desc, eq } from 'drizzle-orm';
import type { InboxList, InboxMessage, InboxStatus } from '../../../shared/inbox.ts';
import type { Db } from '../../db/client.ts';
import { inboxMessages } from './inbox.tables.ts';
import { IP_HASH_FIELD } from './submit-message.ts';

const LIST_LIMIT = 200;

export async function listInboxMessages(
  db: Db,
  status: InboxStatus | undefined,
): Promise<InboxList> {
  const rows = await db
    .select()
    .from(inboxMessages)
    .where(status ? eq(inboxMessages.status, status) : undefined)
    .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
    .limit(LIST_LIMIT);
  const [unread] = await db
    .select({ n: count() })
    .from(inboxMessages)
    .where(eq(inboxMessages.status, 'new'));
  return { messages: rows.map(toInboxMessage), newCount: unread?.n ?? 0 };
}

export function toInboxMessage(row: typeof inboxMessages.$inferSelect): InboxMessage {
  const { [IP_HASH_FIELD]: _ipHash, ...fields } = row.fields;
  const { replyText, repliedByEmail, repliedAt, ...rest } = row;
  const reply =
    replyText && repliedAt
      ? { text: replyText, by: repliedByEmail ?? 'admin', at: repliedAt.toISOString() }
      : null;
  return { ...rest, fields, createdAt: row.createdAt.toISOString(), reply };
}
