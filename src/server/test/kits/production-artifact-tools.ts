// The production artifact test's tools: the env file a shop owner writes, a browser-like client of a store
// process behind the proxy (cookies kept, Origin of the public address), and a wait for a condition.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEVICE_COOKIE } from '../../http/device-cookie.ts';
import type { FakeErcasPay } from '../fake-ercaspay.ts';
import type { ServerProcess } from '../spawn-server.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
/** Node 24 from the node devDependency when it is installed, else this process's own. */
export const node24 = fs.existsSync(path.join(root, 'node_modules/node/bin/node'))
  ? path.join(root, 'node_modules/node/bin/node')
  : process.execPath;
export const PUBLIC_URL = 'https://shop.example.test';

/** The environment a shop owner's env file holds, plus PATH with Node 24 first (the VPS has Node 24 installed). */
export function productionEnv({
  databaseUrl,
  smtpPort,
  dataDir,
  webhookToken,
  fake,
}: {
  databaseUrl: string;
  smtpPort: number;
  dataDir: string;
  webhookToken: string;
  fake: FakeErcasPay;
}): Record<string, string> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k, v]) => v !== undefined && !k.startsWith('npm_')),
  ) as Record<string, string>;
  return {
    ...inherited,
    PATH: `${path.dirname(node24)}:${process.env.PATH ?? ''}`,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CREDENTIALS_KEY: crypto.randomBytes(32).toString('hex'),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Shop <no-reply@shop.example.test>',
    PAYMENT_WEBHOOK_TOKEN: webhookToken,
    ERCASPAY_SECRET_KEY: fake.secretKey,
    ERCASPAY_BASE_URL: fake.baseUrl,
    ERCASPAY_MODE: 'test',
    DEMO_SEED: 'false',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'info',
  };
}

export type Client = { cookie: string; device?: string };
export async function call(
  server: ServerProcess,
  client: Client,
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${server.url}${url}`, {
    method: init.method ?? 'GET',
    redirect: 'manual',
    // The proxy in front forwards the browser's Origin, which is PUBLIC_URL's.
    headers: {
      cookie: [client.cookie, client.device].filter(Boolean).join('; '),
      origin: PUBLIC_URL,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='));
  if (sid) client.cookie = sid.split(';')[0]!;
  // The device cookie too: a confirmation opened in the browser that signed up keeps its password.
  const device = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  if (device) client.device = device.split(';')[0]!;
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown> & { item?: { id: string } },
  };
}

export async function waitFor(condition: () => boolean, ms = 15_000): Promise<void> {
  for (const until = Date.now() + ms; !condition();) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
