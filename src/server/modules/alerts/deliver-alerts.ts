// The owner-alert kind of the one outbox engine (src/server/jobs/outbox-round.ts, ADR 032): due alerts go one at a
// time to the owner's chat (Telegram allows about one message a second per chat), retried with backoff forever:
// an alert waits out any outage of the Bot API. Each send is cut at sendTimeoutMs.
// A 429 postpones this and every claimed message by its retry_after; any other failure postpones the rest of the
// round with it, so a Bot API that is down costs one request per round, not one per message.
import { sql } from 'drizzle-orm';
import type { OwnerAlertKind } from '../../../shared/owner-alerts.ts';
import type { Db } from '../../db/client.ts';
import { renderAlert } from './render-alert.ts';
import type { TelegramSender } from './telegram-client.ts';
import {
  exponentialBackoff,
  runOutboxRound,
  TWO_MINUTE_CLAIM,
  type OutboxKind,
} from '../../jobs/outbox-round.ts';

export type AlertTiming = { claimMs: number; startWithinMs: number; sendTimeoutMs: number };

export const ALERT_TIMING: AlertTiming = { ...TWO_MINUTE_CLAIM, sendTimeoutMs: 15_000 };

/** 5 s doubling, at most 10 minutes: the owner hears within 10 minutes of the Bot API coming back. */
export const alertBackoffMs = exponentialBackoff(5_000, 600_000);

type Claimed = {
  id: string;
  kind: OwnerAlertKind;
  details: Record<string, unknown>;
  attempts: number;
};

export type AlertLog = { warn: (details: object, message: string) => void };

const alertKind = (sender: TelegramSender, timing: AlertTiming): OutboxKind<Claimed> => ({
  noun: 'telegram alert',
  table: 'owner_alerts',
  doneStatus: 'sent',
  doneSet: sql`sent_at = now(), last_error = null`,
  pickOrder: sql`next_attempt_at`,
  select: sql`c.id, c.kind, c.details, c.attempts`,
  runOrder: sql`c.created_at`,
  // A send started at startWithinMs ends by its own timeout.
  timing: {
    claimMs: timing.claimMs,
    startWithinMs: timing.startWithinMs,
    sendDeadlineMs: timing.startWithinMs + timing.sendTimeoutMs,
  },
  backoffMs: alertBackoffMs,
  isLastAttempt: () => false,
  describe: (a, { reason, waitMs }) => ({
    alertId: a.id,
    kind: a.kind,
    attempts: a.attempts,
    reason,
    waitMs,
  }),
  run: async (a) => {
    const outcome = await sender.send(
      renderAlert(a.kind, a.details),
      AbortSignal.timeout(timing.sendTimeoutMs),
    );
    if (outcome.ok) return { ok: true };
    return {
      ok: false,
      error: outcome.error,
      retryAfterMs: outcome.retryAfterMs ?? undefined,
      holdRest: true,
    };
  },
});

/** Sends up to `batch` due alerts, one at a time; returns how many were sent. */
export async function deliverDueAlerts(
  db: Db,
  sender: TelegramSender,
  options: { batch?: number; log?: AlertLog; timing?: AlertTiming } = {},
): Promise<number> {
  const { batch = 20, log } = options;
  const timing = options.timing ?? ALERT_TIMING;
  if (timing.startWithinMs + 2 * timing.sendTimeoutMs > timing.claimMs)
    throw new Error('alert timing: startWithinMs + 2 × sendTimeoutMs must fit in claimMs');
  return (await runOutboxRound(db, alertKind(sender, timing), { batch, lanes: 1, log })).done;
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
