import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { MAX_ATTEMPTS, deliverDueEmails } from './deliver-emails.ts';
import { emailOutbox } from './mail.tables.ts';
import { enqueueEmail } from './outbox.ts';
import { createLocalMailbox, createSmtpTransport, type MailTransport } from './transports.ts';

const { db } = await createTestDatabase();
const { port: smtpPort, received, close: closeSmtp } = await startSmtpCapture();
afterAll(closeSmtp);

describe('the e-mail outbox', () => {
  it('delivers over real SMTP and records the message as sent', async () => {
    const id = await enqueueEmail(db, {
      kind: 'test',
      to: 'ada@example.com',
      subject: 'Hello Ada',
      text: 'Body text',
    });
    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtpPort}`);
    onTestFinished(() => transport.close?.());
    expect(await deliverDueEmails(db, transport, 'Store <no-reply@store.test>')).toBe(1);
    expect(received.at(-1)!.to).toBe('ada@example.com');
    expect(received.at(-1)!.data).toContain('Subject: Hello Ada');
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 1 });
    expect(await deliverDueEmails(db, transport, 'x@y.z')).toBe(0);
  });

  it('keeps a message the SMTP server refused, retries with backoff, and gives up after the last attempt', async () => {
    const id = await enqueueEmail(db, {
      kind: 'test',
      to: 'bounce@example.com',
      subject: 'S',
      text: 'T',
    });
    const broken: MailTransport = {
      name: 'smtp',
      send: async () => Promise.reject(new Error('connection refused')),
    };
    await deliverDueEmails(db, broken, 'x@y.z');
    let [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused' });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      await db
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(emailOutbox.id, id));
      await deliverDueEmails(db, broken, 'x@y.z');
    }
    [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('the local mailbox keeps the message and logs its links', async () => {
    const lines: string[] = [];
    await enqueueEmail(db, {
      kind: 'test',
      to: 'local@example.com',
      subject: 'Confirm',
      text: 'Go to http://localhost:3000/x?y=1 now',
    });
    await deliverDueEmails(
      db,
      createLocalMailbox((l) => lines.push(l)),
      'x@y.z',
    );
    expect(lines.join('\n')).toContain('http://localhost:3000/x?y=1');
    const [row] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'local@example.com'));
    expect(row).toMatchObject({ status: 'sent', transport: 'local' });
  });
});
