// An admin answers an inbox message: the reply is queued in the outbox to the sender's address and the
// message is marked handled, in one transaction (a reply is never recorded without its e-mail, nor sent twice).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { inboxMessages } from './inbox.tables.ts';

export const INBOX_REPLY_KIND = 'inbox_reply';

export async function replyToMessage(
  db: Db,
  admin: SessionUser,
  id: string,
  text: string,
  storeName: string,
) {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select()
      .from(inboxMessages)
      .where(eq(inboxMessages.id, id))
      .for('update');
    if (!message) throw notFound('Message not found');
    const quoted = message.body
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
    await enqueueEmail(tx, {
      kind: INBOX_REPLY_KIND,
      to: message.email,
      subject: `Re: ${message.subject || `your message to ${storeName}`}`,
      text: [
        `Hello ${message.name},`,
        '',
        text,
        '',
        `— ${storeName} support`,
        '',
        `On ${message.createdAt.toUTCString()} you wrote:`,
        quoted,
      ].join('\n'),
    });
    const [row] = await tx
      .update(inboxMessages)
      .set({
        status: 'handled',
        replyText: text,
        repliedByEmail: admin.email,
        repliedAt: new Date(),
      })
      .where(eq(inboxMessages.id, id))
      .returning();
    return row!;
  });
}
