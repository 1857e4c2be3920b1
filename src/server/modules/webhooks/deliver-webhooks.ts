// The webhook kind of the one outbox engine (src/server/jobs/outbox-round.ts, ADR 032; docs/decisions/024): each due
// delivery is posted signed, to the address checked at that attempt; each POST has its own timeout, shorter than
// the round's deadline, so a claim outlives every POST it covers.
import { sql } from 'drizzle-orm';
import { WEBHOOK_SIGNATURE_HEADER } from '../../../shared/webhooks.ts';
import type { Db } from '../../db/client.ts';
import { openEmailBody } from '../mail/outbox.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import {
  RefusedDestination,
  resolveDestination,
  type DestinationPolicy,
  type Resolve,
} from './check-destination.ts';
import { postWebhook, type PostOutcome } from './post-webhook.ts';
import type { OrderItems } from '../orders/read-orders.ts';
import { renderOrderEvent } from './render-order-event.ts';
import { signWebhook } from './sign-webhook.ts';
import {
  exponentialBackoff,
  runOutboxRound,
  type OutboxKind,
  type OutboxTiming,
} from '../../jobs/outbox-round.ts';

export type WebhookTiming = OutboxTiming & {
  /** Each POST's own limit (connect, send, answer). */
  requestTimeoutMs: number;
};

export const WEBHOOK_TIMING: WebhookTiming = {
  claimMs: 60_000,
  startWithinMs: 20_000,
  requestTimeoutMs: 10_000,
  sendDeadlineMs: 35_000,
};

/** 30 s, doubling, at most 6 hours: twelve attempts span about 15 hours. */
export const webhookBackoffMs = exponentialBackoff(30_000, 6 * 3600_000);

export type WebhookDeliveryDeps = {
  db: Db;
  cipher: CredentialCipher;
  policy: DestinationPolicy;
  resolve: Resolve;
  warrantyHours: number;
  /** The order's accounts as the customer sees them (the reports module answers it: app.ts passes it in). */
  orderItems: OrderItems;
  log?: { warn: (details: object, message: string) => void };
  /** Deliveries claimed at once. */
  batch?: number;
  /** POSTs in flight at once per process. */
  concurrency?: number;
  timing?: WebhookTiming;
};

type Claimed = {
  id: string;
  event: string;
  event_id: string;
  user_id: string;
  subject_id: string;
  payload: string | null;
  attempts: number;
  max_attempts: number;
  created_at: Date;
  url: string;
  secret_sealed: string;
};

const webhookKind = (deps: WebhookDeliveryDeps, timing: WebhookTiming): OutboxKind<Claimed> => ({
  noun: 'webhook',
  table: 'webhook_deliveries',
  doneStatus: 'delivered',
  doneSet: sql`delivered_at = now(), last_status_code = v.code, last_error = null`,
  claimSet: sql`, last_attempt_at = now()`,
  pickOrder: sql`next_attempt_at`,
  select: sql`c.id, c.event, c.event_id, c.user_id, c.subject_id, c.payload, c.attempts, c.max_attempts,
    c.created_at, e.url, e.secret_sealed`,
  join: sql`join webhook_endpoints e on e.id = c.endpoint_id`,
  runOrder: sql`c.next_attempt_at`,
  timing,
  backoffMs: webhookBackoffMs,
  isLastAttempt: (d) => d.attempts >= d.max_attempts,
  describe: (d, { reason }) => ({
    deliveryId: d.id,
    event: d.event,
    attempts: d.attempts,
    error: reason,
  }),
  run: async (d, deadline) => {
    const outcome = await post(deps, timing, d, deadline);
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    if (ok) return { ok: true, code: outcome.statusCode };
    const error =
      outcome.error ??
      `answered ${outcome.statusCode} (a 2xx answer is needed; redirects are not followed)`;
    return { ok: false, error, set: sql`last_status_code = ${outcome.statusCode}` };
  },
});

/** Delivers up to `batch` due deliveries; returns how many were claimed (the job loop repeats while > 0). */
export async function deliverDueWebhooks(deps: WebhookDeliveryDeps): Promise<number> {
  const { db, batch = 100, concurrency = 10 } = deps;
  const timing = deps.timing ?? WEBHOOK_TIMING;
  if (timing.startWithinMs + timing.requestTimeoutMs > timing.sendDeadlineMs)
    throw new Error('webhook timing: startWithin + requestTimeout <= sendDeadline <= 3/4 of claim');
  const kind = webhookKind(deps, timing);
  return (await runOutboxRound(db, kind, { batch, lanes: concurrency, log: deps.log })).claimed;
}

/** One signed POST to the address checked at this attempt. */
async function post(
  deps: WebhookDeliveryDeps,
  timing: WebhookTiming,
  d: Claimed,
  deadline: AbortSignal,
): Promise<PostOutcome> {
  try {
    const body = d.payload ?? (await renderAndKeep(deps, d));
    const url = new URL(d.url);
    // Resolved and checked now, at each attempt; the connection goes to this very address.
    const pinned = await resolveDestination(url, deps.policy, deps.resolve);
    const secret = openEmailBody(deps.cipher, d.secret_sealed);
    const signature = signWebhook(secret, body, Math.floor(Date.now() / 1000));
    return await postWebhook(
      url,
      pinned,
      {
        'content-type': 'application/json',
        'user-agent': 'acctstore-webhooks/1',
        [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signature,
        'x-acctstore-event': d.event,
        'x-acctstore-event-id': d.event_id,
        'x-acctstore-delivery': d.id,
      },
      body,
      AbortSignal.any([deadline, AbortSignal.timeout(timing.requestTimeoutMs)]),
    );
  } catch (err) {
    return {
      statusCode: null,
      error:
        err instanceof RefusedDestination
          ? err.message
          : `could not send: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300),
    };
  }
}

/** An order's body is made at its first claim and kept (render-order-event.ts). */
async function renderAndKeep(deps: WebhookDeliveryDeps, d: Claimed): Promise<string> {
  const body = await renderOrderEvent(
    deps.db,
    { userId: d.user_id, subjectId: d.subject_id, createdAt: new Date(d.created_at) },
    deps.warrantyHours,
    deps.orderItems,
  );
  await deps.db.execute(sql`update webhook_deliveries set payload = ${body}
    where id = ${d.id} and payload is null`);
  return body;
}
