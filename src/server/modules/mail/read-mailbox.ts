// The local mailbox's read: the latest 100 outbox messages with their text opened, newest first.
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailOutbox } from './mail.tables.ts';

export async function readMailbox(db: Db, open: (body: string) => string) {
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
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(100);
  return rows.map((m) => ({ ...m, text: open(m.text) }));
}
