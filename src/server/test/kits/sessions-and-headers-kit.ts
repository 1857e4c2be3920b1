// What the sessions-and-headers tests share (cookies-and-sessions and cross-site-and-headers .test.ts): each file
// calls sessionsAndHeadersTestKit() for a store of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../../app.ts';
import { insertUser, SAME_ORIGIN } from '../auth-helpers.ts';
import { testLogger } from '../log-capture.ts';
import { createTestApp, testConfig } from '../test-app.ts';

export async function sessionsAndHeadersTestKit() {
  const WEBHOOK_TOKEN = 'headers-webhook-token-0123456789';
  const PROD_ORIGIN = 'https://shop.example';
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-client-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><title>Store</title><div id="root"></div>',
  );
  const unbuiltDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-unbuilt-'));
  afterAll(() => {
    fs.rmSync(clientDir, { recursive: true, force: true });
    fs.rmSync(unbuiltDir, { recursive: true, force: true });
  });

  const { app, db, database } = await createTestApp({
    env: { PAYMENT_WEBHOOK_TOKEN: WEBHOOK_TOKEN },
    deps: { clientDir },
  });
  // The same database behind a production-configured app (HTTPS origin, ErcasPay key; never called here).
  const prodConfig = testConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: PROD_ORIGIN,
    ERCASPAY_SECRET_KEY: 'ECRS-TEST-SK-not-called-0000',
    PAYMENT_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
  });
  const prod = await buildApp({
    config: prodConfig,
    database,
    logger: testLogger(prodConfig),
    clientDir: unbuiltDir,
  });
  await prod.ready();
  afterAll(() => prod.close());

  const PASSWORD = 'session-pass-1';
  const user = await insertUser(db, { password: PASSWORD });
  const login = (target: FastifyInstance, headers: Record<string, string> = {}) =>
    target.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...SAME_ORIGIN, ...headers },
      payload: { email: user.email, password: PASSWORD },
    });
  const me = (target: FastifyInstance, cookie: string) =>
    target.inject({ url: '/api/me', headers: { cookie } });
  const tokenOf = (res: LightMyRequestResponse, name = 'sid') => {
    const c = res.cookies.find((x) => x.name === name);
    if (!c) throw new Error(`no ${name} cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
    return c.value;
  };
  return { WEBHOOK_TOKEN, PROD_ORIGIN, app, db, prod, login, me, tokenOf };
}
