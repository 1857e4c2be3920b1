import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../modules/auth/auth.tables.ts';
import { rateLimitHits } from '../http/rate-limit.tables.ts';
import { ownerAlerts } from '../modules/alerts/alerts.tables.ts';
import { insertUser, signInCookie } from '../test/auth-helpers.ts';
import { createTestApp } from '../test/test-app.ts';
import { jobRuns } from '../jobs/jobs.tables.ts';
import { PRUNE_JOB, pruneStaleRows } from './prune-stale-rows.ts';

const { app, db } = await createTestApp();
const HOUR = 3600_000;

describe('the pruning job', () => {
  it('deletes expired sessions and day-old rate-limit hits, keeps live ones, and runs once across five racing processes', async () => {
    const user = await insertUser(db);
    const liveCookie = await signInCookie(app, user.email, user.password);
    await db.insert(sessions).values({
      tokenHash: 'expired-session',
      userId: user.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    await db.insert(rateLimitHits).values([
      { bucket: 'old', createdAt: new Date(Date.now() - 25 * HOUR) },
      { bucket: 'recent', createdAt: new Date(Date.now() - HOUR) },
    ]);

    const day = 24 * HOUR;
    const alert = (status: 'sent' | 'skipped' | 'pending', daysAgo: number) => ({
      kind: 'low_stock' as const,
      details: { daysAgo },
      status,
      createdAt: new Date(Date.now() - daysAgo * day),
      sentAt: status === 'sent' ? new Date(Date.now() - daysAgo * day) : null,
    });
    await db
      .insert(ownerAlerts)
      .values([alert('sent', 31), alert('skipped', 31), alert('sent', 29), alert('pending', 40)]);

    const results = await Promise.all(Array.from({ length: 5 }, () => pruneStaleRows(db, app.log)));
    expect(results.filter((r) => r.ran)).toEqual([
      { ran: true, sessions: 1, rateLimitHits: 1, webhookDeliveries: 0, ownerAlerts: 2 },
    ]);
    // A month-old alert still waiting is kept: an alert is sent or it is still waiting.
    expect(
      (await db.select().from(ownerAlerts)).map((a) => `${a.status} ${a.details.daysAgo}`).sort(),
    ).toEqual(['pending 40', 'sent 29']);

    expect(
      await db.select().from(sessions).where(eq(sessions.tokenHash, 'expired-session')),
    ).toEqual([]);
    expect(
      (await db.select({ bucket: rateLimitHits.bucket }).from(rateLimitHits)).map((r) => r.bucket),
    ).not.toContain('old');
    expect(
      (await db.select({ bucket: rateLimitHits.bucket }).from(rateLimitHits)).map((r) => r.bucket),
    ).toContain('recent');
    // The signed-in user is still signed in.
    expect((await app.inject({ url: '/api/me', headers: { cookie: liveCookie } })).statusCode).toBe(
      200,
    );
  });

  it('waits an interval before the next run', async () => {
    expect(await pruneStaleRows(db, app.log)).toEqual({ ran: false });
    await db
      .update(jobRuns)
      .set({ lastRunAt: sql`now() - interval '61 minutes'` })
      .where(eq(jobRuns.name, PRUNE_JOB));
    expect(await pruneStaleRows(db, app.log)).toMatchObject({ ran: true });
    expect(await pruneStaleRows(db, app.log)).toEqual({ ran: false });
  });
});
