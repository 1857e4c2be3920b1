// The outbox worker: claims due messages with SKIP LOCKED (safe with many app processes), sends them,
// and retries failures with exponential backoff until MAX_ATTEMPTS, then records them as failed.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { MailTransport } from './transports.ts';
import { startJobLoop, type JobLoop } from '../../jobs/start-job-loop.ts';

export const MAX_ATTEMPTS = 8;
const CLAIM_MS = 60_000;

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
};

/** Turns a stored body into what is sent: unseals a sealed one, renders a credentials placeholder. */
export type OpenBody = (
  body: string,
  message: { id?: string; orderId: string | null; userId: string | null },
) => string | Promise<string>;

/** Where failures are reported: the app's logger in production (pino's warn signature). */
export type FailureLog = { warn: (details: object, message: string) => void };

/**
 * Delivers up to `batch` due messages; returns how many were sent. `open` unseals encrypted bodies. Each failure
 * is logged with the message id, its kind, the attempt and the transport's reason: never the body or recipient.
 */
export async function deliverDueEmails(
  db: Db,
  transport: MailTransport,
  from: string,
  batch = 20,
  open: OpenBody = (body) => body,
  log?: FailureLog,
): Promise<number> {
  const claimed = await db.execute<Claimed>(sql`
    update email_outbox set status = 'sending', attempts = attempts + 1, locked_until = now() + ${`${CLAIM_MS} milliseconds`}::interval
    where id in (
      select id from email_outbox
      where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now())
      order by next_attempt_at limit ${batch} for update skip locked)
    returning id, kind, to_address, subject, text_body, html_body, order_id, user_id, attempts`);
  let sent = 0;
  for (const m of claimed.rows) {
    try {
      const about = { id: m.id, orderId: m.order_id, userId: m.user_id };
      await transport.send({
        from,
        to: m.to_address,
        subject: m.subject,
        text: await open(m.text_body, about),
        html: m.html_body === null ? null : await open(m.html_body, about),
      });
      await db.execute(sql`update email_outbox set status = 'sent', sent_at = now(), transport = ${transport.name},
        locked_until = null, last_error = null where id = ${m.id}`);
      sent++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = m.attempts >= MAX_ATTEMPTS;
      log?.warn(
        {
          emailId: m.id,
          kind: m.kind,
          attempts: m.attempts,
          transport: transport.name,
          reason: message.slice(0, 500),
        },
        giveUp
          ? 'e-mail delivery failed: gave up after the last attempt'
          : 'e-mail delivery failed: will retry',
      );
      await db.execute(sql`update email_outbox set status = ${giveUp ? 'failed' : 'pending'}, last_error = ${message.slice(0, 500)},
        locked_until = null, next_attempt_at = now() + ${`${backoffMs(m.attempts)} milliseconds`}::interval where id = ${m.id}`);
    }
  }
  return sent;
}

/** Runs the worker every `intervalMs` and whenever poke() is called; stop() waits for the current round. */
export function startMailWorker(
  deliver: () => Promise<number>,
  onError: (err: unknown) => void,
  intervalMs = 2000,
): JobLoop {
  return startJobLoop(deliver, onError, intervalMs);
}
