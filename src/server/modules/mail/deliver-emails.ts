// The e-mail kind of the one outbox engine (src/server/jobs/outbox-round.ts, ADR 032): due messages are sent
// through the transport's connection pool, account e-mails (priority 0) before the bulk, and a failure is retried
// with backoff (5 s doubling, at most an hour) for about 24 hours (MAX_ATTEMPTS) before it is recorded as failed,
// so a queue waits out a day's SMTP outage (issue 49). Exactly once as the engine says: no more messages in
// flight than the transport has connections, so a message is either not started yet (held here, released
// untouched after startWithinMs) or on a connection (SMTP's own timeouts end a dead server; the deadline ends a
// trickling one). A server that recovers mid-batch finishes the sends it took.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { MailTransport } from './transports.ts';
import {
  exponentialBackoff,
  runOutboxRound,
  TWO_MINUTE_CLAIM,
  type OutboxKind,
  type OutboxTiming,
} from '../../jobs/outbox-round.ts';

/** The 34th attempt comes 24.4 hours after the first (backoffMs): then the e-mail is failed. */
export const MAX_ATTEMPTS = 34;

export type DeliveryTiming = OutboxTiming;

export const DELIVERY_TIMING: DeliveryTiming = { ...TWO_MINUTE_CLAIM, sendDeadlineMs: 90_000 };

export const backoffMs = exponentialBackoff(5_000, 3600_000);

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

const emailKind = (
  transport: MailTransport,
  from: string,
  open: OpenBody,
  onFailure?: (transport: string) => void,
): OutboxKind<Claimed> => ({
  noun: 'e-mail',
  table: 'email_outbox',
  doneStatus: 'sent',
  doneSet: sql`sent_at = now(), transport = ${transport.name}, last_error = null`,
  // Account e-mails first, then the oldest.
  pickOrder: sql`priority, next_attempt_at`,
  select: sql`c.id, c.kind, c.to_address, c.subject, c.text_body, c.html_body, c.order_id, c.user_id, c.attempts`,
  runOrder: sql`c.priority, c.next_attempt_at`,
  timing: DELIVERY_TIMING,
  backoffMs,
  isLastAttempt: (m) => m.attempts >= MAX_ATTEMPTS,
  describe: (m, { reason }) => ({
    emailId: m.id,
    kind: m.kind,
    attempts: m.attempts,
    transport: transport.name,
    reason,
  }),
  // Bodies are opened (rendered, unsealed) all at once, while the first ones are being sent.
  prepare: async (m) => {
    const about = { id: m.id, orderId: m.order_id, userId: m.user_id };
    const text = await open(m.text_body, about);
    return { text, html: m.html_body === null ? null : await open(m.html_body, about) };
  },
  run: async (m, deadline, prepared) => {
    try {
      const { text, html } = (await prepared) as { text: string; html: string | null };
      await transport.send({ from, to: m.to_address, subject: m.subject, text, html }, deadline);
      return { ok: true };
    } catch (err) {
      onFailure?.(transport.name);
      return { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
  },
});

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
  const kind = emailKind(transport, from, open, onFailure);
  // As many lanes as the transport has connections: a message waits here, not inside the pool.
  const lanes = transport.concurrency ?? batch;
  return (await runOutboxRound(db, kind, { batch, lanes, log, timing: options.timing })).done;
}
