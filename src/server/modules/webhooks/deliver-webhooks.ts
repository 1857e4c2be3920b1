// The webhook outbox's worker, with the e-mail outbox's discipline (docs/decisions/013, 024): claims due deliveries
// with SKIP LOCKED (safe with many app processes), posts each signed, and records the outcome only under the claim
// that made the attempt (its attempt number). A claim outlives every POST it covers: one not started within
// startWithinMs is released untouched, a POST still going at sendDeadlineMs is aborted, and each POST has its own
// shorter timeout; so no other process takes a delivery while a POST of it may be under way.
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

export type WebhookTiming = {
  claimMs: number;
  startWithinMs: number;
  /** Each POST's own limit (connect, send, answer). */
  requestTimeoutMs: number;
  sendDeadlineMs: number;
};

export const WEBHOOK_TIMING: WebhookTiming = {
  claimMs: 60_000,
  startWithinMs: 20_000,
  requestTimeoutMs: 10_000,
  sendDeadlineMs: 35_000,
};

/** 30 s, doubling, at most 6 hours: twelve attempts span about 15 hours. */
export function webhookBackoffMs(attempts: number): number {
  return Math.min(6 * 3600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

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

/** Delivers up to `batch` due deliveries; returns how many were claimed (the job loop repeats while > 0). */
export async function deliverDueWebhooks(deps: WebhookDeliveryDeps): Promise<number> {
  const { db, batch = 100, concurrency = 10 } = deps;
  const timing = deps.timing ?? WEBHOOK_TIMING;
  if (
    timing.startWithinMs + timing.requestTimeoutMs > timing.sendDeadlineMs ||
    timing.sendDeadlineMs * 4 > timing.claimMs * 3
  )
    throw new Error('webhook timing: startWithin + requestTimeout <= sendDeadline <= 3/4 of claim');
  const { rows } = await db.execute<Claimed>(sql`
    with claimed as (
      update webhook_deliveries set status = 'sending', attempts = attempts + 1, last_attempt_at = now(),
        locked_until = now() + ${`${timing.claimMs} milliseconds`}::interval
      where id in (
        select id from webhook_deliveries
        where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now())
        order by next_attempt_at limit ${batch} for update skip locked)
      returning *)
    select c.id, c.event, c.event_id, c.user_id, c.subject_id, c.payload, c.attempts, c.max_attempts,
      c.created_at, e.url, e.secret_sealed
    from claimed c join webhook_endpoints e on e.id = c.endpoint_id
    order by c.next_attempt_at`);
  const startBy = Date.now() + timing.startWithinMs;
  const deadline = AbortSignal.timeout(timing.sendDeadlineMs);
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const d = rows[next++]!;
      if (Date.now() > startBy) await release(db, d);
      else await deliverOne(deps, timing, d, deadline);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
  return rows.length;
}

async function deliverOne(
  deps: WebhookDeliveryDeps,
  timing: WebhookTiming,
  d: Claimed,
  deadline: AbortSignal,
): Promise<void> {
  const { db } = deps;
  let outcome: PostOutcome;
  try {
    const body = d.payload ?? (await renderAndKeep(deps, d));
    const url = new URL(d.url);
    // Resolved and checked now, at each attempt; the connection goes to this very address.
    const pinned = await resolveDestination(url, deps.policy, deps.resolve);
    const secret = openEmailBody(deps.cipher, d.secret_sealed);
    const signature = signWebhook(secret, body, Math.floor(Date.now() / 1000));
    outcome = await postWebhook(
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
    outcome = {
      statusCode: null,
      error:
        err instanceof RefusedDestination
          ? err.message
          : `could not send: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300),
    };
  }
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  if (ok) {
    await db.execute(sql`update webhook_deliveries set status = 'delivered', delivered_at = now(),
      last_status_code = ${outcome.statusCode}, last_error = null, locked_until = null
      where id = ${d.id} and status = 'sending' and attempts = ${d.attempts}`);
    return;
  }
  const giveUp = d.attempts >= d.max_attempts;
  const error =
    outcome.error ??
    `answered ${outcome.statusCode} (a 2xx answer is needed; redirects are not followed)`;
  deps.log?.warn(
    {
      deliveryId: d.id,
      event: d.event,
      attempts: d.attempts,
      statusCode: outcome.statusCode,
      error,
    },
    giveUp ? 'webhook delivery failed: gave up' : 'webhook delivery failed: will retry',
  );
  await db.execute(sql`update webhook_deliveries set status = ${giveUp ? 'failed' : 'pending'},
    last_status_code = ${outcome.statusCode}, last_error = ${error}, locked_until = null,
    next_attempt_at = now() + ${`${webhookBackoffMs(d.attempts)} milliseconds`}::interval
    where id = ${d.id} and status = 'sending' and attempts = ${d.attempts}`);
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

/** A delivery never started goes back as it was: due now, the attempt not counted. */
async function release(db: Db, d: Claimed): Promise<void> {
  await db.execute(sql`update webhook_deliveries set status = 'pending', attempts = attempts - 1,
    locked_until = null where id = ${d.id} and status = 'sending' and attempts = ${d.attempts}`);
}
