// The alert worker: claims due alerts with SKIP LOCKED (safe with many app processes), sends them one at a time to
// the owner's chat (Telegram allows about one message a second per chat), and retries with backoff, forever: an
// alert waits out any outage of the Bot API. The claim discipline is the e-mail outbox's (ADR 013): a claim
// outlives every send it covers (a message not started within startWithinMs is released untouched, each send is
// cut at sendTimeoutMs), and a result is recorded only under the claim that sent it (the attempt number).
// A 429 postpones this and every claimed message by its retry_after; any other failure postpones the rest of the
// round with it, so a Bot API that is down costs one request per round, not one per message.
import { sql } from 'drizzle-orm';
import type { OwnerAlertKind } from '../../../shared/owner-alerts.ts';
import type { Db } from '../../db/client.ts';
import { renderAlert } from './render-alert.ts';
import type { TelegramSender } from './telegram-client.ts';

export type AlertTiming = { claimMs: number; startWithinMs: number; sendTimeoutMs: number };

export const ALERT_TIMING: AlertTiming = {
  claimMs: 120_000,
  startWithinMs: 45_000,
  sendTimeoutMs: 15_000,
};

/** 5 s doubling, at most 10 minutes: the owner hears within 10 minutes of the Bot API coming back. */
export function alertBackoffMs(attempts: number): number {
  return Math.min(600_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

type Claimed = {
  id: string;
  kind: OwnerAlertKind;
  details: Record<string, unknown>;
  attempts: number;
};

export type AlertLog = { warn: (details: object, message: string) => void };

/** Sends up to `batch` due alerts; returns how many were sent. */
export async function deliverDueAlerts(
  db: Db,
  sender: TelegramSender,
  options: { batch?: number; log?: AlertLog; timing?: AlertTiming } = {},
): Promise<number> {
  const { batch = 20, log } = options;
  const timing = options.timing ?? ALERT_TIMING;
  if (timing.startWithinMs + 2 * timing.sendTimeoutMs > timing.claimMs)
    throw new Error('alert timing: startWithinMs + 2 × sendTimeoutMs must fit in claimMs');
  const claimed = await db.execute<Claimed & { created: number }>(sql`
    update owner_alerts set status = 'sending', attempts = attempts + 1,
      locked_until = now() + ${`${timing.claimMs} milliseconds`}::interval
    where id in (
      select id from owner_alerts
      where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now())
      order by next_attempt_at limit ${batch} for update skip locked)
    returning id, kind, details, attempts, extract(epoch from created_at)::float8 as created`);
  const alerts = claimed.rows.sort((a, b) => a.created - b.created);
  const startBy = Date.now() + timing.startWithinMs;
  let sent = 0;
  for (const [i, alert] of alerts.entries()) {
    if (Date.now() > startBy) {
      await release(db, alerts.slice(i), 0);
      break;
    }
    const outcome = await sender.send(
      renderAlert(alert.kind, alert.details),
      AbortSignal.timeout(timing.sendTimeoutMs),
    );
    if (outcome.ok) {
      await db.execute(sql`update owner_alerts set status = 'sent', sent_at = now(), locked_until = null,
        last_error = null where id = ${alert.id} and status = 'sending' and attempts = ${alert.attempts}`);
      sent++;
      continue;
    }
    const waitMs = outcome.retryAfterMs ?? alertBackoffMs(alert.attempts);
    log?.warn(
      {
        alertId: alert.id,
        kind: alert.kind,
        attempts: alert.attempts,
        reason: outcome.error,
        waitMs,
      },
      'telegram alert not sent: will retry',
    );
    await db.execute(sql`update owner_alerts set status = 'pending', last_error = ${outcome.error},
      locked_until = null, next_attempt_at = now() + ${`${waitMs} milliseconds`}::interval
      where id = ${alert.id} and status = 'sending' and attempts = ${alert.attempts}`);
    await release(db, alerts.slice(i + 1), waitMs);
    break;
  }
  return sent;
}

/** Claimed alerts never tried go back as they were (the attempt not counted), due after `waitMs`. */
async function release(db: Db, alerts: Claimed[], waitMs: number): Promise<void> {
  for (const a of alerts)
    await db.execute(sql`update owner_alerts set status = 'pending', attempts = attempts - 1,
      locked_until = null, next_attempt_at = now() + ${`${waitMs} milliseconds`}::interval
      where id = ${a.id} and status = 'sending' and attempts = ${a.attempts}`);
}

/**
 * With no bot configured nothing can send an alert: the waiting ones are marked skipped (the console counts them)
 * rather than kept to flood the chat with old news the day a bot is set up.
 */
export async function skipWaitingAlerts(db: Db): Promise<number> {
  const skipped =
    await db.execute(sql`update owner_alerts set status = 'skipped', locked_until = null,
    last_error = 'Telegram is not configured' where status = 'pending'`);
  return skipped.rowCount ?? 0;
}
