// What the admin-edit fuzz tests share (fuzz-edit-categories-and-templates, fuzz-edit-accounts and
// fuzz-edit-inbox-and-user-search .test.ts): each file calls adminEditsFuzzKit() for a store of its own.
import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { expect } from 'vitest';
import { auditLog } from '../../modules/audit/audit.tables.ts';
import { quickAdmin, SAME_ORIGIN } from '../auth-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { expectInvariants, jsonText, pathSegment, RUNS, orHostile } from '../fuzz/fuzz-helpers.ts';

export type RawBody = { payload: string; contentType: string };
export type Tally = { accepted: number; refused: number; refusals: Record<number, number> };
/** What the store answered one generated input. */
export type Answer = LightMyRequestResponse;

export async function adminEditsFuzzKit() {
  const { app, db } = await createTestApp();
  const admin = await quickAdmin(db);

  const TIMEOUT = 300_000;
  /** How many inputs were accepted and refused, and the refusals by status code. */
  const newTally = (): Tally => ({ accepted: 0, refused: 0, refusals: {} });

  /** Sends a request as the admin from the store's own origin; the answer must never be a server error. */
  async function send(method: 'GET' | 'PATCH', url: string, b?: RawBody) {
    const res = await app.inject({
      method,
      url,
      headers: {
        ...SAME_ORIGIN,
        cookie: admin.cookie,
        ...(b?.contentType ? { 'content-type': b.contentType } : {}),
      },
      ...(b ? { payload: b.payload } : {}),
    });
    const sent = b ? ` to ${b.contentType} ${JSON.stringify(b.payload).slice(0, 500)}` : '';
    if (res.statusCode >= 500)
      throw new Error(`${method} ${url} answered ${res.statusCode} ${res.body}${sent}`);
    return res;
  }

  const auditCount = async () => (await db.select({ n: count() }).from(auditLog))[0]!.n;

  /**
   * One request between two snapshots of the rows it may touch. A refused answer (any 4xx) must leave the
   * snapshot and the audit log as they were; an accepted one (200) adds `audits` audit rows.
   */
  async function probe<S>(
    tally: Tally,
    snapshot: () => Promise<S>,
    request: () => Promise<Answer>,
    audits: 0 | 1,
  ) {
    const [before, auditsBefore] = await Promise.all([snapshot(), auditCount()]);
    const res = await request();
    const after = await snapshot();
    const accepted = res.statusCode === 200;
    if (accepted) tally.accepted++;
    else {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(after, `refused with ${res.statusCode} ${res.body}, yet changed`).toEqual(before);
      tally.refused++;
      tally.refusals[res.statusCode] = (tally.refusals[res.statusCode] ?? 0) + 1;
    }
    expect(await auditCount()).toBe(auditsBefore + (accepted ? audits : 0));
    return { res, before, after, accepted };
  }

  /** probe() for a PATCH of a raw body. */
  const patchProbe = <S>(
    tally: Tally,
    snapshot: () => Promise<S>,
    url: string,
    b: RawBody,
    audits: 0 | 1,
  ) => probe(tally, snapshot, () => send('PATCH', url, b), audits);

  /**
   * RUNS PATCHes to `url` of a generated path id (mostly a fixture's) and body, each probed against `snapshot`;
   * `check` sees every answer. Both paths must have been taken.
   */
  async function fuzzPatches<S>(
    {
      ids,
      bodies,
      snapshot,
      url,
      audits,
      annotate,
    }: {
      ids: string[];
      bodies: fc.Arbitrary<RawBody>;
      snapshot: () => Promise<S>;
      url: (path: string) => string;
      audits: 0 | 1;
      annotate: (message: string) => Promise<unknown>;
    },
    check: (
      probed: { target: { path: string; id: string }; b: RawBody } & Awaited<
        ReturnType<typeof probe<S>>
      >,
    ) => Promise<void> | void,
  ) {
    const tally = newTally();
    await fc.assert(
      fc.asyncProperty(pathId(ids), bodies, async (target, b) =>
        check({ target, b, ...(await patchProbe(tally, snapshot, url(target.path), b, audits)) }),
      ),
      { numRuns: RUNS },
    );
    await expectBothPaths(tally, annotate);
  }

  /** Both paths were exercised: the run cannot pass by refusing (or accepting) everything. */
  async function expectBothPaths(tally: Tally, annotate: (message: string) => Promise<unknown>) {
    const refusals = Object.entries(tally.refusals).map(([status, n]) => `${status}: ${n}`);
    await annotate(`accepted ${tally.accepted}, refused ${tally.refused} (${refusals.join(', ')})`);
    expect(tally.accepted).toBeGreaterThan(RUNS / 50);
    expect(tally.refused).toBeGreaterThan(RUNS / 50);
    await expectInvariants(db);
  }

  /** A path id: mostly a fixture's, else an unknown uuid or any text percent-encoded (`id` is what the server reads). */
  function pathId(known: string[]): fc.Arbitrary<{ path: string; id: string }> {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...known).map((id) => ({ path: id, id })) },
      fc.uuid().map((id) => ({ path: id, id })),
      fc
        .string({ unit: 'binary', maxLength: 40 })
        .map((s) => ({ path: pathSegment(s), id: utf8(s) })),
    );
  }

  /** The target's row before and after an accepted edit: the target is a fixture, and no other row changed. */
  function editedRow<R extends { id: string }>(ids: string[], before: R[], after: R[], id: string) {
    const was = before.find((r) => r.id === id)!;
    const row = after.find((r) => r.id === id)!;
    expect(ids).toContain(id);
    expect(after.filter((r) => r !== row)).toEqual(before.filter((r) => r !== was));
    return { was, row };
  }

  /** The string a UTF-8 round trip gives back: a lone surrogate becomes U+FFFD. */
  const utf8 = (s: string) => Buffer.from(s, 'utf8').toString('utf8');
  const trimmed = (v: unknown) => String(v ?? '').trim();
  /** A value as it comes back from jsonb: JSON's -0 is the number 0. */
  const asJson = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
  /** A valid value most of the time, else anything hostile, as raw JSON text. */
  const mostly = (valid: fc.Arbitrary<unknown>, weight = 6) => jsonText(orHostile(weight, valid));
  const graphemes = (maxLength: number, minLength = 0) =>
    fc.string({ unit: 'grapheme', minLength, maxLength });
  const notBlank = (maxLength: number) => graphemes(maxLength, 1).filter((s) => s.trim() !== '');
  return {
    app,
    db,
    admin,
    TIMEOUT,
    newTally,
    send,
    probe,
    fuzzPatches,
    expectBothPaths,
    editedRow,
    utf8,
    trimmed,
    asJson,
    mostly,
    graphemes,
    notBlank,
  };
}
