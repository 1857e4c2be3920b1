import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminEmailList } from '../../../shared/admin-emails.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { quickCustomer, SAME_ORIGIN, signedInUser, insertEmail } from '../../test/auth-helpers.ts';
import { testCipher } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { MAX_ATTEMPTS, deliverDueEmails } from './deliver-emails.ts';
import { emailOutbox } from './mail.tables.ts';
import { enqueueEmail, openEmailBody, sealEmailBody } from './outbox.ts';
import type { MailMessage, MailTransport } from './transports.ts';

const { app, db } = await createTestApp({ deps: { cipher: testCipher } });
const admin = await signedInUser(app, db, { isAdmin: true });
const SECRET_BODY = 'username: ig_handle_77 password: hunter2-secret';

const refusing: MailTransport = {
  name: 'smtp',
  send: () => Promise.reject(new Error('535 5.7.8 Authentication credentials invalid')),
};
const delivered: MailMessage[] = [];
const working: MailTransport = { name: 'smtp', send: async (m) => void delivered.push(m) };
const warnings: { details: Record<string, unknown>; message: string }[] = [];
const log = {
  warn: (details: object, message: string) =>
    void warnings.push({ details: details as Record<string, unknown>, message }),
};
const deliver = (transport: MailTransport) =>
  deliverDueEmails(db, transport, 'store@test', {
    open: (b) => openEmailBody(testCipher, b),
    log,
  });
const makeDue = (id: string) =>
  db
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date(0) })
    .where(eq(emailOutbox.id, id));
const list = async (cookie = admin.cookie) =>
  app.inject({ url: '/api/admin/emails', headers: { cookie } });
const retry = (id: string) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/emails/${id}/retry`,
    headers: { cookie: admin.cookie, ...SAME_ORIGIN },
  });

// A sealed credentials e-mail that fails for good, one that is failing and will retry, one sent, one not yet tried.
const sealedId = await enqueueEmail(db, {
  kind: 'order_credentials',
  to: 'buyer@example.com',
  subject: 'Your order',
  text: sealEmailBody(testCipher, SECRET_BODY),
});
const retryingId = await enqueueEmail(db, {
  kind: 'confirm_email',
  to: 'new@example.com',
  subject: 'Confirm your e-mail',
  text: 'Confirm here',
});
await deliver(refusing);
await db
  .update(emailOutbox)
  .set({ attempts: MAX_ATTEMPTS - 1 })
  .where(eq(emailOutbox.id, sealedId));
await makeDue(sealedId);
await deliver(refusing);
const sentId = await enqueueEmail(db, {
  kind: 'confirm_email',
  to: 'ok@example.com',
  subject: 'Sent fine',
  text: 'x',
});
await deliver(working);
const freshId = await insertEmail(
  db,
  { kind: 'confirm_email', to: 'later@example.com', subject: 'Not tried yet', text: 'x' },
  { nextAttemptAt: new Date(Date.now() + 3600_000) },
);

describe('e-mail delivery failures', () => {
  it('are logged with the reason, the message id and the attempt, never the body or the recipient', () => {
    expect(warnings).toContainEqual({
      details: {
        emailId: sealedId,
        kind: 'order_credentials',
        attempts: MAX_ATTEMPTS,
        transport: 'smtp',
        reason: '535 5.7.8 Authentication credentials invalid',
      },
      message: 'e-mail delivery failed: gave up after the last attempt',
    });
    expect(warnings).toContainEqual(
      expect.objectContaining({
        details: expect.objectContaining({ emailId: retryingId, attempts: 1 }),
        message: 'e-mail delivery failed: will retry',
      }),
    );
    const text = JSON.stringify(warnings);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('Confirm here');
    expect(text).not.toContain('@example.com');
  });

  it('are listed to admins (failed and retrying) with recipient, subject, attempts and last error, and no body', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const { emails } = res.json<AdminEmailList>();
    expect(emails.map((e) => e.id).sort()).toEqual([sealedId, retryingId].sort());
    expect(emails.find((e) => e.id === sealedId)).toMatchObject({
      to: 'buyer@example.com',
      subject: 'Your order',
      state: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: '535 5.7.8 Authentication credentials invalid',
      nextAttemptAt: null,
    });
    expect(emails.find((e) => e.id === retryingId)).toMatchObject({
      state: 'retrying',
      attempts: 1,
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('sealed:');
    expect(res.body).not.toContain('Confirm here');
    expect([sentId, freshId].some((id) => res.body.includes(id))).toBe(false);
  });

  it('are not shown to customers', async () => {
    expect((await list((await quickCustomer(db)).cookie)).statusCode).toBe(403);
  });

  it('Retry puts a failed e-mail back in the outbox at once; the worker then delivers it, sealed body opened only for SMTP', async () => {
    const res = await retry(sealedId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'E-mail queued: it will be sent again in a moment.',
      email: { id: sealedId, state: 'retrying' },
    });
    expect(await deliver(working)).toBe(1);
    expect(delivered.at(-1)).toMatchObject({ to: 'buyer@example.com', text: SECRET_BODY });
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, sealedId));
    expect(row).toMatchObject({ status: 'sent', lastError: null });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email.retry'), eq(auditLog.targetId, sealedId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(admin.user.id);
    expect((await list()).json<AdminEmailList>().emails.map((e) => e.id)).toEqual([retryingId]);
  });

  it('Retry moves a retrying e-mail forward to now', async () => {
    expect((await retry(retryingId)).statusCode).toBe(200);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, retryingId));
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('lists a failing message while the worker retries it, and Retry leaves it to the worker (409)', async () => {
    const id = await enqueueEmail(db, {
      kind: 'confirm_email',
      to: 'busy@example.com',
      subject: 'Being retried',
      text: 'x',
    });
    const lockedUntil = new Date(Date.now() + 60_000);
    await db
      .update(emailOutbox)
      .set({ status: 'sending', attempts: 2, lastError: 'timeout', lockedUntil })
      .where(eq(emailOutbox.id, id));
    expect((await list()).json<AdminEmailList>().emails.find((e) => e.id === id)).toMatchObject({
      state: 'retrying',
      attempts: 2,
      lastError: 'timeout',
    });
    expect((await retry(id)).statusCode).toBe(409);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sending', lockedUntil });
    await db.delete(emailOutbox).where(eq(emailOutbox.id, id));
  });

  it('Retry refuses a sent or untried message (409) and an unknown one (404), changing nothing', async () => {
    expect((await retry(sentId)).statusCode).toBe(409);
    expect((await retry(freshId)).statusCode).toBe(409);
    expect((await retry('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await retry('not-a-uuid')).statusCode).toBe(404);
    const [sent] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, sentId));
    expect(sent!.status).toBe('sent');
    const [fresh] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, freshId));
    expect(fresh!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });
});
