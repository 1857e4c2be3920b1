// Mail that waits out an outage (issue 49): a queued e-mail keeps retrying with backoff for at least a day of SMTP
// refusals, and the console sends every failed or waiting e-mail again with one request.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../audit/audit.tables.ts';
import { insertEmail, quickCustomer, SAME_ORIGIN, signedInUser } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { deliverDueEmails } from './deliver-emails.ts';
import { emailOutbox } from './mail.tables.ts';
import { enqueueEmail } from './outbox.ts';
import type { MailMessage, MailTransport } from './transports.ts';

const { app, db } = await createTestApp();
const admin = await signedInUser(app, db, { isAdmin: true });
const refusing: MailTransport = {
  name: 'smtp',
  send: () => Promise.reject(new Error('421 4.3.2 Service not available')),
};
const delivered: MailMessage[] = [];
const working: MailTransport = { name: 'smtp', send: async (m) => void delivered.push(m) };
const HOUR = 3600_000;
const retryAll = (cookie = admin.cookie) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/emails/retry-failed',
    headers: { cookie, ...SAME_ORIGIN },
  });

describe('an SMTP outage', () => {
  it('is waited out for at least 24 hours, retrying with backoff, before an e-mail is failed', async () => {
    const id = await enqueueEmail(db, {
      kind: 'confirm_email',
      to: 'a@test',
      subject: 'Hi',
      text: 'x',
    });
    let waitedMs = 0;
    let attempts = 0;
    for (;;) {
      await deliverDueEmails(db, refusing, 'shop@test');
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      attempts++;
      expect(row!.attempts).toBe(attempts);
      if (row!.status === 'failed') break;
      expect(row!.status).toBe('pending');
      // The worker's own schedule, then due now (time passes).
      waitedMs += row!.nextAttemptAt.getTime() - Date.now();
      await db
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(emailOutbox.id, id));
    }
    expect(waitedMs).toBeGreaterThanOrEqual(24 * HOUR);
    expect(waitedMs).toBeLessThan(26 * HOUR);
  });
});

describe('Retry all', () => {
  it('sends every failed and waiting e-mail again, each once, and leaves sent and untried ones alone', async () => {
    await db.delete(emailOutbox);
    const email = (i: number) => ({
      kind: 'confirm_email',
      to: `r${i}@test`,
      subject: `M${i}`,
      text: 'x',
    });
    const failed = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        insertEmail(db, email(i), { status: 'failed', attempts: 34, lastError: 'refused' }),
      ),
    );
    const waiting = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        insertEmail(db, email(100 + i), {
          attempts: 3,
          lastError: 'refused',
          nextAttemptAt: new Date(Date.now() + HOUR),
        }),
      ),
    );
    const sent = await insertEmail(db, email(200), { status: 'sent', attempts: 1 });
    const untried = await insertEmail(db, email(201), {
      nextAttemptAt: new Date(Date.now() + HOUR),
    });

    expect((await retryAll((await quickCustomer(db)).cookie)).statusCode).toBe(403);
    const res = await retryAll();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: '40 e-mails queued: they will be sent again in a moment.',
      retried: 40,
    });
    while ((await deliverDueEmails(db, working, 'shop@test')) > 0);
    expect(delivered.map((m) => m.to).sort()).toEqual(
      [...failed, ...waiting].map((_, i) => `r${i < 30 ? i : 70 + i}@test`).sort(),
    );
    const rows = await db
      .select({ id: emailOutbox.id, status: emailOutbox.status })
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, [sent, untried]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [sent]: 'sent',
      [untried]: 'pending',
    });
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'email.retry_all'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: admin.user.id, details: { count: 40 } });
    expect((await retryAll()).json()).toEqual({
      message: 'No e-mail is waiting for a retry.',
      retried: 0,
    });
  });
});
