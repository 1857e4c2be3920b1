// The local mailbox's read: the latest 100 outbox messages with their text opened, newest first.
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { OpenBody } from './deliver-emails.ts';
import { emailOutbox } from './mail.tables.ts';

export async function readMailbox(db: Db, open: OpenBody) {
  const rows = await db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      text: emailOutbox.textBody,
      status: emailOutbox.status,
      transport: emailOutbox.transport,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
      orderId: emailOutbox.orderId,
      userId: emailOutbox.userId,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(100);
  // A purchase's credentials e-mail is rendered when opened (it holds no credential in the outbox).
  return Promise.all(
    rows.map(async ({ orderId, userId, ...m }) => ({
      ...m,
      text: await Promise.resolve(open(m.text, { orderId, userId })).catch(() => m.text),
    })),
  );
}
