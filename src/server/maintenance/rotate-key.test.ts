// Key rotation: every sealed value moves to the new key in one transaction, or none does; a store restarted with
// the new key reads the same credentials; refused with the wrong key or while a store process is connected.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { freePort } from '../db/embedded-postgres.ts';
import { emailOutbox } from '../modules/mail/mail.tables.ts';
import { openEmailBody } from '../modules/mail/outbox.ts';
import { createCredentialCipher } from '../modules/stock/credential-cipher.ts';
import { stockAccounts } from '../modules/stock/stock.tables.ts';
import { testLogger } from '../test/log-capture.ts';
import { runCli, shopWithSoldOrder } from '../test/maintenance-helpers.ts';
import { spawnServer } from '../test/spawn-server.ts';
import { testCipher } from '../test/stock-helpers.ts';
import { signedInUser } from '../test/auth-helpers.ts';
import { enrolTwoFactor } from '../test/two-factor-helpers.ts';
import { users } from '../modules/auth/auth.tables.ts';
import { createTestApp, testConfig } from '../test/test-app.ts';
import { RotationRefused, rotateCredentialsKey } from './rotate-credentials-key.ts';
import { PLAIN_BYTEA_COLUMNS, SEALED_COLUMNS } from './sealed-values.ts';

const { app, database, db } = await createTestApp();
const shop = await shopWithSoldOrder(app, db);
const key1 = crypto.randomBytes(32).toString('hex');
const key2 = crypto.randomBytes(32).toString('hex');
const cipherOf = (hex: string) => createCredentialCipher(Buffer.from(hex, 'hex'));
const sealedBytes = async () =>
  (await db.select({ p: stockAccounts.passwordEnc }).from(stockAccounts))
    .map((r) => r.p.toString('hex'))
    .sort();
const credentialsEmail = async () =>
  (await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, shop.orderId)))[0]!;

describe('npm run rotate-key', () => {
  it('knows every encrypted column: each bytea column of the schema is listed in sealed-values.ts', async () => {
    const { rows } = await database.pool.query<{ c: string }>(
      `select table_name || '.' || column_name as c from information_schema.columns where table_schema = 'public' and data_type = 'bytea' order by 1`,
    );
    const listed = SEALED_COLUMNS.filter((c) => c.kind === 'bytea')
      .map((c) => `${c.table}.${c.column}`)
      .sort();
    expect(rows.map((r) => r.c).filter((c) => !PLAIN_BYTEA_COLUMNS.includes(c))).toEqual(listed);
  });

  it('refuses when the current key does not open the stored values, and changes nothing', async () => {
    const before = await sealedBytes();
    await expect(
      rotateCredentialsKey(database.pool, cipherOf(key2), cipherOf(key1)),
    ).rejects.toThrow(RotationRefused);
    expect(await sealedBytes()).toEqual(before);
  });

  it('re-encrypts credentials and the sealed credentials e-mail in one go; an app with the new key reads the same credentials', async () => {
    const email = await credentialsEmail();
    expect(email.textBody).toMatch(/^sealed:v1:/);
    const { user, cookie } = await signedInUser(app, db);
    const { secret } = await enrolTwoFactor(app, cookie);
    const result = await rotateCredentialsKey(database.pool, testCipher, cipherOf(key1));
    // The TOTP secret of two-factor sign-in moved to the new key too.
    const [totp] = await db.select().from(users).where(eq(users.id, user.id));
    expect(cipherOf(key1).decrypt(totp!.totpSecretEnc!)).toBe(secret);
    expect(result.resealed['users.totp_secret_enc']).toBe(1);
    expect(result.resealed['individual_accounts.password_enc']).toBe(3);
    expect(result.resealed['email_outbox.text_body']).toBe(1);
    const [account] = await db.select().from(stockAccounts).limit(1);
    expect(() => testCipher.decrypt(account!.passwordEnc)).toThrow();
    expect(openEmailBody(cipherOf(key1), (await credentialsEmail()).textBody)).toBe(
      openEmailBody(testCipher, email.textBody),
    );

    const config = testConfig({ CREDENTIALS_KEY: key1 });
    const rotated = await buildApp({ config, database, logger: testLogger(config) });
    try {
      const res = await rotated.inject({
        url: `/api/orders/${shop.orderId}/credentials`,
        headers: { cookie: shop.buyer.cookie },
      });
      expect(res.json().accounts).toEqual(shop.credentials);
    } finally {
      await rotated.close();
    }
  });

  it('the command refuses while a store process is connected; stopped, it rotates, and the restarted store reads the same credentials', async () => {
    const env = { DATABASE_URL: database.url, CREDENTIALS_KEY: key1, NEW_CREDENTIALS_KEY: key2 };
    const running = await spawnServer(database.url, await freePort(), { CREDENTIALS_KEY: key1 });
    const refused = await runCli('rotate-key', [], env);
    running.child.kill('SIGTERM');
    await running.exited;
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Stop every store process first');

    const done = await runCli('rotate-key', [], env);
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toContain('committed');

    const restarted = await spawnServer(database.url, await freePort(), { CREDENTIALS_KEY: key2 });
    try {
      const res = await fetch(`${restarted.url}/api/orders/${shop.orderId}/credentials`, {
        headers: { cookie: shop.buyer.cookie },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { accounts: unknown }).accounts).toEqual(shop.credentials);
    } finally {
      restarted.child.kill('SIGTERM');
      await restarted.exited;
    }
  }, 120_000);
});
