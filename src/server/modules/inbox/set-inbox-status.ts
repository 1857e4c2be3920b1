// An admin marks an inbox message new or handled.
import { eq } from 'drizzle-orm';
import type { InboxMessage, InboxStatus } from '../../../shared/inbox.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { inboxMessages } from './inbox.tables.ts';
import { toInboxMessage } from './read-inbox.ts';

export const INBOX_MESSAGE_NOT_FOUND = 'Message not found';

export async function setInboxStatus(
  db: Db,
  id: string,
  status: InboxStatus,
): Promise<InboxMessage> {
  const [row] = await db
    .update(inboxMessages)
    .set({ status })
    .where(eq(inboxMessages.id, id))
    .returning();
  if (!row) throw notFound(INBOX_MESSAGE_NOT_FOUND);
  return toInboxMessage(row);
}
