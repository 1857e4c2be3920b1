import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connectDatabase } from '../../db/client.ts';
import { createTestApp, testConfig } from '../../test/test-app.ts';

describe('GET /api/health', () => {
  it('answers 200 while the database is reachable', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 503 with the error shape when the database is down', async () => {
    const database = connectDatabase('postgres://nobody@127.0.0.1:1/none', 1);
    const app = await buildApp({ config: testConfig(), database, logger: false });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: { code: 'DATABASE_UNAVAILABLE', message: 'Failed to connect to database' },
    });
    await app.close();
    await database.close();
  });
});
