// The outbox worker: claims due messages with SKIP LOCKED (safe with many app processes), sends them through
// the transport's connection pool, and retries failures with exponential backoff until MAX_ATTEMPTS, then
// records them as failed. Account e-mails (priority 0) are claimed and sent before the bulk.
//
// Exactly once: a claim (reservation) lasts CLAIM_MS and every send it covers ends well inside it. No more
// messages are in flight than the transport has connections, so a message is either not started yet (held
// here) or on a connection: one not started within startWithinMs of the claim is released untouched, and a send
// still going at sendDeadlineMs is aborted (SMTP's own timeouts end a dead server sooner; the deadline ends a
// trickling one). A server that recovers mid-batch therefore finishes the sends it took, none is cut short by a
// deadline meant for a queue. No other process takes a message while a send of it may be under way, and a
// result is recorded only under the claim that sent it (the attempt number).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { MailTransport } from './transports.ts';
import { startJobLoop, type JobLoop } from '../../jobs/start-job-loop.ts';

export const MAX_ATTEMPTS = 8;

/** Counted from the claim: startWithinMs < sendDeadlineMs <= 3/4 of claimMs (time left to record results). */
export type DeliveryTiming = {
  /** How long a claim keeps other processes away from a message. */
  claimMs: number;
  /** A message not started by then is released for the next round. */
  startWithinMs: number;
  /** A send still going then is aborted. */
  sendDeadlineMs: number;
};

export const DELIVERY_TIMING: DeliveryTiming = {
  claimMs: 120_000,
  startWithinMs: 45_000,
  sendDeadlineMs: 90_000,
};

export function backoffMs(attempts: number): number {
  return Math.min(3600_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

type Claimed = {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  order_id: string | null;
  user_id: string | null;
  attempts: number;
  priority: number;
  due: number;
};

/** Turns a stored body into what is sent: unseals a sealed one, renders a credentials placeholder. */
export type OpenBody = (
  body: string,
  message: { id?: string; orderId: string | null; userId: string | null },
) => string | Promise<string>;

/** Where failures are reported: the app's logger in production (pino's warn signature). */
export type FailureLog = { warn: (details: object, message: string) => void };

export type DeliveryOptions = {
  /** Messages claimed at once (a round), sent in priority order through the transport's connections. */
  batch?: number;
  /** Unseals encrypted bodies and renders placeholders. */
  open?: OpenBody;
  log?: FailureLog;
  /** Called once per failed send (the metrics' SMTP failure counter). */
  onFailure?: (transport: string) => void;
  timing?: DeliveryTiming;
};

/**
 * Delivers up to `batch` due messages; returns how many were sent. Each failure is logged with the message id,
 * its kind, the attempt and the transport's reason: never the body or recipient.
 */
export async function deliverDueEmails(
  db: Db,
  transport: MailTransport,
  from: string,
  options: DeliveryOptions = {},
): Promise<number> {
  const { batch = 100, open = (body) => body, log, onFailure } = options;
  const timing = options.timing ?? DELIVERY_TIMING;
  if (
    timing.startWithinMs >= timing.sendDeadlineMs ||
    timing.sendDeadlineMs * 4 > timing.claimMs * 3
  )
    throw new Error('delivery timing: startWithinMs < sendDeadlineMs <= 3/4 of claimMs');
  const claimed = await db.execute<Claimed>(sql`
    update email_outbox set status = 'sending', attempts = attempts + 1,
      locked_until = now() + ${`${timing.claimMs} milliseconds`}::interval
    where id in (
      select id from email_outbox
      where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now())
      order by priority, next_attempt_at limit ${batch} for update skip locked)
    returning id, kind, to_address, subject, text_body, html_body, order_id, user_id, attempts, priority,
      extract(epoch from next_attempt_at)::float8 as due`);
  const startBy = Date.now() + timing.startWithinMs;
  const deadline = AbortSignal.timeout(timing.sendDeadlineMs);
  // Sent in this order: account e-mails first, then the oldest.
  const messages = claimed.rows.sort((a, b) => a.priority - b.priority || a.due - b.due);
  // Bodies are opened (rendered, unsealed) all at once, while the first ones are being sent.
  const bodies = messages.map(async (m) => {
    const about = { id: m.id, orderId: m.order_id, userId: m.user_id };
    const text = await open(m.text_body, about);
    return { text, html: m.html_body === null ? null : await open(m.html_body, about) };
  });
  for (const b of bodies) b.catch(() => {}); // each is awaited (and its failure recorded) in its turn

  /** Sends one message; resolves once the send is over, with the recording of its result (true: sent). */
  const deliverOne = async (
    m: Claimed,
    body: Promise<{ text: string; html: string | null }>,
  ): Promise<{ recording: Promise<boolean> }> => {
    try {
      const { text, html } = await body;
      await transport.send({ from, to: m.to_address, subject: m.subject, text, html }, deadline);
    } catch (err) {
      onFailure?.(transport.name);
      return { recording: recordFailure(db, m, transport.name, err, log).then(() => false) };
    }
    const recording = db
      .execute(
        sql`update email_outbox set status = 'sent', sent_at = now(), transport = ${transport.name},
          locked_until = null, last_error = null
          where id = ${m.id} and status = 'sending' and attempts = ${m.attempts}`,
      )
      .then(() => true);
    return { recording };
  };
  // As many lanes as the transport has connections: a message waits here, not inside the pool. A lane goes on
  // to its next message while the last one's result is being written.
  let next = 0;
  const recorded: Promise<boolean>[] = [];
  const lane = async () => {
    while (next < messages.length) {
      const i = next++;
      const m = messages[i]!;
      if (Date.now() > startBy) recorded.push(release(db, m).then(() => false));
      else {
        const { recording } = await deliverOne(m, bodies[i]!);
        recording.catch(() => {}); // awaited below with the others
        recorded.push(recording);
      }
    }
  };
  const lanes = Math.min(transport.concurrency ?? messages.length, messages.length);
  await Promise.all(Array.from({ length: lanes }, lane));
  return (await Promise.all(recorded)).filter(Boolean).length;
}

/** A message never started goes back as it was: due now, the attempt not counted. */
async function release(db: Db, m: Claimed): Promise<void> {
  await db.execute(sql`update email_outbox set status = 'pending', attempts = attempts - 1, locked_until = null
    where id = ${m.id} and status = 'sending' and attempts = ${m.attempts}`);
}

async function recordFailure(
  db: Db,
  m: Claimed,
  transport: string,
  err: unknown,
  log: FailureLog | undefined,
): Promise<void> {
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  const giveUp = m.attempts >= MAX_ATTEMPTS;
  log?.warn(
    { emailId: m.id, kind: m.kind, attempts: m.attempts, transport, reason: message },
    giveUp
      ? 'e-mail delivery failed: gave up after the last attempt'
      : 'e-mail delivery failed: will retry',
  );
  await db.execute(sql`update email_outbox set status = ${giveUp ? 'failed' : 'pending'}, last_error = ${message},
    locked_until = null, next_attempt_at = now() + ${`${backoffMs(m.attempts)} milliseconds`}::interval
    where id = ${m.id} and status = 'sending' and attempts = ${m.attempts}`);
}

/** Runs the worker every `intervalMs` and whenever poke() is called; stop() waits for the current round. */
export function startMailWorker(
  deliver: () => Promise<number>,
  onError: (err: unknown) => void,
  intervalMs = 2000,
): JobLoop {
  return startJobLoop(deliver, onError, intervalMs);
}
