// Writes an outbox round's results, each only under the claim that ran it (status 'sending' and its attempt
// number), so a row another process took after a lapsed claim is never overwritten. Successes, the bulk, are
// written many to a statement: while one write is under way the next results gather, and the next write takes
// them all (at most one in flight), so a thousand e-mails a second cost a few statements, not a thousand.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** What every outbox row has: the claim is its attempt number. */
export type Claim = { id: string; attempts: number };

type Kind = { doneStatus: string; doneSet: SQL };

const array = (values: (string | number | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

export function createResultWriter(
  db: Db,
  kind: Kind,
  table: SQL | ReturnType<typeof sql.identifier>,
) {
  let pending: { id: string; attempts: number; code: number | null }[] = [];
  let writing: Promise<void> | null = null;
  const others: Promise<unknown>[] = [];

  const writeDone = async () => {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      await db.execute(sql`update ${table} set status = ${kind.doneStatus}, locked_until = null, ${kind.doneSet}
        from unnest(${array(batch.map((r) => r.id))}::uuid[], ${array(batch.map((r) => r.attempts))}::int[],
          ${array(batch.map((r) => r.code))}::int[]) as v(id, attempts, code)
        where ${table}.id = v.id and ${table}.status = 'sending' and ${table}.attempts = v.attempts`);
    }
  };
  const track = (p: Promise<unknown>) => {
    p.catch(() => {}); // awaited in flush()
    others.push(p);
  };

  return {
    done(row: Claim, code: number | null) {
      pending.push({ id: row.id, attempts: row.attempts, code });
      if (writing) return;
      writing = writeDone().finally(() => (writing = null));
      track(writing);
    },
    /** A failed run: retried after `waitMs`, or failed for good. */
    fail(row: Claim, error: string, giveUp: boolean, waitMs: number, set?: SQL) {
      track(
        db.execute(sql`update ${table} set status = ${giveUp ? 'failed' : 'pending'}, last_error = ${error},
          locked_until = null, next_attempt_at = now() + ${`${waitMs} milliseconds`}::interval
          ${set ? sql`, ${set}` : sql``}
          where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`),
      );
    },
    /** A row never started goes back as it was (the attempt not counted), or due after `waitMs`. */
    release(row: Claim, waitMs: number) {
      const due =
        waitMs > 0 ? sql`, next_attempt_at = now() + ${`${waitMs} milliseconds`}::interval` : sql``;
      track(
        db.execute(sql`update ${table} set status = 'pending', attempts = attempts - 1, locked_until = null
          ${due} where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`),
      );
    },
    /** Waits for every write; the first failure is thrown (the job loop logs it). */
    async flush() {
      while (others.length > 0 || writing) {
        const all = others.splice(0);
        if (writing) all.push(writing);
        await Promise.all(all);
      }
    },
  };
}
