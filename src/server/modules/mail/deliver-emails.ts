// The outbox worker: claims due messages with SKIP LOCKED (safe with many app processes), sends them through
// the transport's connection pool, and retries failures with exponential backoff until MAX_ATTEMPTS, then
// records them as failed. Account e-mails (priority 0) are claimed before the bulk.
//
// Exactly once: a claim (reservation) lasts CLAIM_MS, and every send it covers is aborted at SEND_DEADLINE_MS
// after the claim (the pool closes the connection carrying it), well inside the reservation: no other process
// takes a message while a send of it may still be under way. A result is recorded only under the claim that
// sent it (the attempt number), so a late answer never overwrites another process's claim.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { MailTransport } from './transports.ts';
import { startJobLoop, type JobLoop } from '../../jobs/start-job-loop.ts';

export const MAX_ATTEMPTS = 8;

export type DeliveryTiming = {
  /** How long a claim keeps other processes away from a message. */
  claimMs: number;
  /** When the sends of a claimed batch are aborted, counted from the claim: well below claimMs. */
  sendDeadlineMs: number;
};

/** SMTP's own timeouts (transports.ts) end a dead connection sooner; the deadline also ends a trickling one. */
export const DELIVERY_TIMING: DeliveryTiming = { claimMs: 120_000, sendDeadlineMs: 45_000 };

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
  /** Messages claimed at once (sent together through the pool). */
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
  const { batch = 50, open = (body) => body, log, onFailure } = options;
  const timing = options.timing ?? DELIVERY_TIMING;
  if (timing.sendDeadlineMs * 2 > timing.claimMs)
    throw new Error('the send deadline must leave the claim at least half its time');
  const claimed = await db.execute<Claimed>(sql`
    update email_outbox set status = 'sending', attempts = attempts + 1,
      locked_until = now() + ${`${timing.claimMs} milliseconds`}::interval
    where id in (
      select id from email_outbox
      where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now())
      order by priority, next_attempt_at limit ${batch} for update skip locked)
    returning id, kind, to_address, subject, text_body, html_body, order_id, user_id, attempts, priority,
      extract(epoch from next_attempt_at)::float8 as due`);
  const deadline = AbortSignal.timeout(timing.sendDeadlineMs);
  // The pool sends in the order it is handed messages: account e-mails first, then the oldest.
  const messages = claimed.rows.sort((a, b) => a.priority - b.priority || a.due - b.due);

  const deliverOne = async (m: Claimed): Promise<boolean> => {
    try {
      const about = { id: m.id, orderId: m.order_id, userId: m.user_id };
      const text = await open(m.text_body, about);
      const html = m.html_body === null ? null : await open(m.html_body, about);
      deadline.throwIfAborted();
      await transport.send({ from, to: m.to_address, subject: m.subject, text, html }, deadline);
    } catch (err) {
      await recordFailure(db, m, transport.name, err, log);
      onFailure?.(transport.name);
      return false;
    }
    await db.execute(sql`update email_outbox set status = 'sent', sent_at = now(), transport = ${transport.name},
      locked_until = null, last_error = null
      where id = ${m.id} and status = 'sending' and attempts = ${m.attempts}`);
    return true;
  };
  const results = await Promise.all(messages.map(deliverOne));
  return results.filter(Boolean).length;
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
