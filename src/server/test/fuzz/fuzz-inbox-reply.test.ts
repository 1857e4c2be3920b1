// Fuzzing POST /api/admin/inbox/:id/reply with generated ids and bodies: never a 5xx; every accepted reply
// queued exactly one e-mail to the sender and marked the message handled.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { inboxMessages } from '../../modules/inbox/inbox.tables.ts';
import { INBOX_REPLY_KIND } from '../../modules/inbox/reply-to-message.ts';
import { emailOutbox } from '../../modules/mail/mail.tables.ts';
import { quickAdmin } from '../auth-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { body, hostileText, jsonText, postRaw, RUNS, someId } from './fuzz-helpers.ts';

const { app, db } = await createTestApp();

it(`POST /api/admin/inbox/:id/reply: ${RUNS} generated ids and bodies`, async () => {
  const admin = await quickAdmin(db);
  const [message] = await db
    .insert(inboxMessages)
    .values({
      kind: 'support',
      name: 'Ada',
      email: 'fuzz-sender@example.com',
      subject: 'Help',
      body: 'Hi',
    })
    .returning();
  const id = someId(6, fc.constant(message!.id));
  const valid = fc.record({
    message: fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== ''),
  });
  let accepted = 0;
  await fc.assert(
    fc.asyncProperty(id, body({ message: jsonText(hostileText) }, valid), async (target, b) => {
      const res = await postRaw(app, `/api/admin/inbox/${target}/reply`, admin.cookie, b);
      if (res.statusCode !== 200) return;
      expect(target).toBe(message!.id);
      expect(res.json().item.status).toBe('handled');
      accepted++;
    }),
    { numRuns: RUNS },
  );
  expect(accepted).toBeGreaterThan(RUNS / 20);
  expect(
    await db.select().from(emailOutbox).where(eq(emailOutbox.kind, INBOX_REPLY_KIND)),
  ).toHaveLength(accepted);
}, 300_000);
