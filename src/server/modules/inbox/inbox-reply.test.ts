// The Inbox reply: the admin's answer goes to the sender through the outbox and the message is marked handled.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SAME_ORIGIN, signedInUser } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { emailOutbox } from '../mail/mail.tables.ts';
import { inboxMessages } from './inbox.tables.ts';
import { INBOX_REPLY_KIND } from './reply-to-message.ts';

const { app, db } = await createTestApp();
const admin = await signedInUser(app, db, { isAdmin: true, email: 'helpdesk@example.com' });
const reply = (id: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/inbox/${id}/reply`,
    headers: { cookie: admin.cookie, ...SAME_ORIGIN },
    payload,
  });

describe('replying to an inbox message', () => {
  it('e-mails the reply to the sender, quotes their message, and marks it handled', async () => {
    const [message] = await db
      .insert(inboxMessages)
      .values({
        kind: 'support',
        name: 'Ada',
        email: 'ada@example.com',
        subject: 'Login help',
        body: 'I cannot sign in',
      })
      .returning();
    const res = await reply(message!.id, {
      message: '  Please reset your password from the sign-in page.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Reply sent to ada@example.com; the message is marked handled.',
    );
    expect(res.json().item).toMatchObject({
      status: 'handled',
      reply: {
        text: 'Please reset your password from the sign-in page.',
        by: 'helpdesk@example.com',
      },
    });
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.kind, INBOX_REPLY_KIND), eq(emailOutbox.toAddress, 'ada@example.com')),
      );
    expect(mail!.subject).toBe('Re: Login help');
    expect(mail!.textBody).toContain('Please reset your password from the sign-in page.');
    expect(mail!.textBody).toContain('> I cannot sign in');
    const listed = await app.inject({
      url: '/api/admin/inbox?status=handled',
      headers: { cookie: admin.cookie },
    });
    expect(
      listed.json().messages.find((m: { id: string }) => m.id === message!.id).reply.text,
    ).toBe('Please reset your password from the sign-in page.');
  });

  it('refuses an empty reply and an unknown message, and sends nothing', async () => {
    const [message] = await db
      .insert(inboxMessages)
      .values({ kind: 'contact', name: 'Bola', email: 'bola@example.com', body: 'Hi' })
      .returning();
    const empty = await reply(message!.id, { message: '   ' });
    expect([empty.statusCode, empty.json().error.message]).toEqual([400, 'Please write a reply.']);
    expect((await reply('00000000-0000-4000-8000-000000000000', { message: 'x' })).statusCode).toBe(
      404,
    );
    expect((await reply('not-a-uuid', { message: 'x' })).statusCode).toBe(404);
    expect(
      await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'bola@example.com')),
    ).toHaveLength(0);
    expect(
      (await db.select().from(inboxMessages).where(eq(inboxMessages.id, message!.id)))[0]!.status,
    ).toBe('new');
  });
});
