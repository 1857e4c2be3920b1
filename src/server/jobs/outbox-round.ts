// The one outbox engine (ADR 032): every kind of background message (e-mail, webhook, owner alert) is a row of its
// kind's table, claimed here with SKIP LOCKED (safe with many app processes), run in at most `lanes` at once, and
// its result recorded only under the claim that ran it (the attempt number). Exactly once (ADR 013): a claim lasts
// claimMs and every run it covers ends well inside it: a row not started within startWithinMs is released
// untouched, and a run still going at sendDeadlineMs is aborted. So no other process takes a row while a run of it
// may be under way. A failed run is retried after the kind's backoff, until the kind gives up (or forever).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { createResultWriter, type Claim } from './record-outcomes.ts';

/** Counted from the claim: startWithinMs < sendDeadlineMs <= 3/4 of claimMs (time left to record results). */
export type OutboxTiming = { claimMs: number; startWithinMs: number; sendDeadlineMs: number };

/** The claim of the kinds that send to one slow service (SMTP, the Bot API): 2 minutes, started within 45 s. */
export const TWO_MINUTE_CLAIM = { claimMs: 120_000, startWithinMs: 45_000 } as const;

export type RunOutcome =
  /** Done; `code` is kept in the kind's `doneSet` as `v.code` (a webhook's answer). */
  | { ok: true; code?: number | null }
  | {
      ok: false;
      error: string;
      /** Columns the failure sets besides status, last_error and the next attempt. */
      set?: SQL;
      /** Overrides the backoff (a 429's retry_after). */
      retryAfterMs?: number;
      /** The rows of the round not started yet wait with this one (a service that is down is asked once). */
      holdRest?: boolean;
    };

export type OutboxKind<Row extends Claim> = {
  /** For logs: "e-mail", "webhook", "telegram alert". */
  noun: string;
  table: string;
  doneStatus: 'sent' | 'delivered';
  /** Columns a success sets besides status and the lock (`v.code` is the outcome's code). */
  doneSet: SQL;
  /** Columns a claim sets besides status, attempts and the lock. */
  claimSet?: SQL;
  /** Which due rows a claim takes first, over the table's own columns. */
  pickOrder: SQL;
  /** The columns a run needs, from the claimed rows `c` (and anything joined in `join`), and their run order. */
  select: SQL;
  join?: SQL;
  runOrder: SQL;
  timing: OutboxTiming;
  backoffMs: (attempts: number) => number;
  /** True when this failed attempt was the last one. */
  isLastAttempt: (row: Row) => boolean;
  /** What a failure's log line says (never a body, a recipient or a secret). */
  describe: (row: Row, failure: { reason: string; waitMs: number }) => object;
  /** Started for every claimed row as soon as it is claimed (an e-mail's body is rendered while others send). */
  prepare?: (row: Row) => Promise<unknown>;
  run: (row: Row, deadline: AbortSignal, prepared: Promise<unknown>) => Promise<RunOutcome>;
};

export type RoundOptions = {
  batch: number;
  /** Runs at once in this process (the kind's concurrency limit). */
  lanes: number;
  log?: { warn: (details: object, message: string) => void };
  timing?: OutboxTiming;
};

export type RoundResult = { claimed: number; done: number };

/** Waits `firstMs` after the first failure, doubling, at most `maxMs`: every kind's backoff. */
export function exponentialBackoff(firstMs: number, maxMs: number): (attempts: number) => number {
  return (attempts) => Math.min(maxMs, firstMs * 2 ** Math.max(0, attempts - 1));
}

export function checkTiming(t: OutboxTiming): void {
  if (t.startWithinMs >= t.sendDeadlineMs || t.sendDeadlineMs * 4 > t.claimMs * 3)
    throw new Error('outbox timing: startWithinMs < sendDeadlineMs <= 3/4 of claimMs');
}

/** One round of a kind: claims up to `batch` due rows, runs them, records every result. */
export async function runOutboxRound<Row extends Claim>(
  db: Db,
  kind: OutboxKind<Row>,
  options: RoundOptions,
): Promise<RoundResult> {
  const timing = options.timing ?? kind.timing;
  checkTiming(timing);
  const table = sql.identifier(kind.table);
  const claimed = await db.execute(sql`
    with c as (
      update ${table} set status = 'sending', attempts = attempts + 1,
        locked_until = now() + ${`${timing.claimMs} milliseconds`}::interval ${kind.claimSet ?? sql``}
      where id in (
        select id from ${table}
        where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now())
        order by ${kind.pickOrder} limit ${options.batch} for update skip locked)
      returning *)
    select ${kind.select} from c ${kind.join ?? sql``} order by ${kind.runOrder}`);
  const rows = claimed.rows as Row[];
  const startBy = Date.now() + timing.startWithinMs;
  const deadline = AbortSignal.timeout(timing.sendDeadlineMs);
  const prepared = rows.map((row) => {
    const p = kind.prepare ? kind.prepare(row) : Promise.resolve();
    p.catch(() => {}); // awaited (and its failure recorded) by the row's run
    return p;
  });
  const writer = createResultWriter(db, kind, table);
  let held: number | null = null; // a failure asked the rest of the round to wait this long
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < rows.length) {
      const i = next++;
      const row = rows[i]!;
      if (held !== null || Date.now() > startBy) {
        writer.release(row, held ?? 0);
        continue;
      }
      let outcome: RunOutcome;
      try {
        outcome = await kind.run(row, deadline, prepared[i]!);
      } catch (err) {
        outcome = { ok: false, error: err instanceof Error ? err.message : String(err) };
      }
      if (outcome.ok) {
        done++;
        writer.done(row, outcome.code ?? null);
        continue;
      }
      const reason = outcome.error.slice(0, 500);
      const waitMs = outcome.retryAfterMs ?? kind.backoffMs(row.attempts);
      const giveUp = outcome.retryAfterMs === undefined && kind.isLastAttempt(row);
      options.log?.warn(
        kind.describe(row, { reason, waitMs }),
        `${kind.noun} delivery failed: ${giveUp ? 'gave up after the last attempt' : 'will retry'}`,
      );
      writer.fail(row, reason, giveUp, waitMs, outcome.set);
      if (outcome.holdRest) held = waitMs;
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.lanes, rows.length) }, lane));
  await writer.flush();
  return { claimed: rows.length, done };
}
