// Messages from the support, contact and quote forms, for the admin Inbox.
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { INBOX_KINDS, inboxStatuses } from '../../../shared/inbox.ts';

export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: INBOX_KINDS }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: inboxStatuses }).notNull().default('new'),
    /** The admin's latest reply, sent by e-mail through the outbox. */
    replyText: text('reply_text'),
    repliedByEmail: text('replied_by_email'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inbox_messages_created_idx').on(t.createdAt),
    check('inbox_messages_kind', sql`${t.kind} in ('support', 'contact', 'quote')`),
    check('inbox_messages_status', sql`${t.status} in ('new', 'handled')`),
  ],
);
