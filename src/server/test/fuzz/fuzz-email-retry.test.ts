// Fuzzing POST /api/admin/emails/:id/retry with generated ids and bodies: never a 5xx; only a failed or
// retrying e-mail is re-queued; a sent and an untried message never change; every invariant holds.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { emailOutbox } from '../../modules/mail/mail.tables.ts';
import { enqueueEmail } from '../../modules/mail/outbox.ts';
import { quickAdmin, insertEmail } from '../auth-helpers.ts';
import { createTestApp } from '../test-app.ts';
import {
  expectInvariants,
  jsonText,
  hostileText,
  pathSegment,
  postRaw,
  RUNS,
} from './fuzz-helpers.ts';

const { app, db } = await createTestApp();
// A fifth of the usual runs: every accepted retry is a transaction with an audit row, and the id space is small.
const runs = Number(process.env.FUZZ_RUNS ?? RUNS / 5);

it(`POST /api/admin/emails/:id/retry: ${runs} generated ids and bodies`, async () => {
  const admin = await quickAdmin(db);
  const failing = await insertEmail(
    db,
    { kind: 'fuzz', to: 'failing@example.com', subject: 'F', text: 'x' },
    { status: 'failed', attempts: 8, lastError: 'refused' },
  );
  const sent = await insertEmail(
    db,
    { kind: 'fuzz', to: 'sent@example.com', subject: 'S', text: 'x' },
    { status: 'sent', sentAt: new Date(), attempts: 1 },
  );
  const untried = await enqueueEmail(db, {
    kind: 'fuzz',
    to: 'untried@example.com',
    subject: 'U',
    text: 'x',
  });
  const [sentBefore] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, sent));
  const [untriedBefore] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, untried));

  const id = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(failing, sent, untried) },
    fc.uuid(),
    fc.string({ unit: 'binary', maxLength: 40 }).map(pathSegment),
    fc.constantFrom(`${failing}x`, failing.toUpperCase(), ` ${failing}`, '..', '%00'),
  );
  const payload = fc.oneof(
    fc.constant(''),
    jsonText(hostileText),
    fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null'),
  );
  let requeued = 0;
  await fc.assert(
    fc.asyncProperty(id, payload, async (target, body) => {
      const res = await postRaw(app, `/api/admin/emails/${target}/retry`, admin.cookie, {
        payload: body,
        contentType: body ? 'application/json' : '',
      });
      expect([200, 400, 404, 409], res.body).toContain(res.statusCode);
      if (res.statusCode === 200) {
        // Only the failing message (however its id was spelt) is ever re-queued.
        expect(res.json().email.id).toBe(failing);
        requeued++;
      }
    }),
    { numRuns: runs },
  );
  expect(requeued).toBeGreaterThan(0);
  expect((await db.select().from(emailOutbox).where(eq(emailOutbox.id, sent)))[0]).toEqual(
    sentBefore,
  );
  expect((await db.select().from(emailOutbox).where(eq(emailOutbox.id, untried)))[0]).toEqual(
    untriedBefore,
  );
  const [after] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, failing));
  expect(after).toMatchObject({ status: 'pending', attempts: 8, lastError: 'refused' });
  await expectInvariants(db);
}, 300_000);
