// The configuration's refusals: in production, one list of everything unsafe; elsewhere, a shared database
// without a shared key; and TRUST_PROXY's forms.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const LIVE = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example.ng',
  CREDENTIALS_KEY: 'b'.repeat(64),
  SMTP_URL: 'smtps://mailer:pw@smtp.example.ng:465',
  PAYMENT_WEBHOOK_TOKEN: 'whk-0123456789abcdef',
  ERCASPAY_SECRET_KEY: 'ECRS-LIVE-SK-0123456789abcdef',
};

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env, { serving: true });
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error('the configuration was accepted');
}

const listed = (message: string) =>
  message
    .split('\n')
    .filter((l) => l.startsWith('  - '))
    .map((l) => l.slice(4, l.indexOf(':')));

describe('production configuration', () => {
  it('accepts a complete live setup, and seeds no demo shop by default', () => {
    const config = loadConfig(LIVE, { serving: true });
    expect(config.paymentMode).toBe('live');
    expect(config.DEMO_SEED).toBe(false);
    expect(config.trustProxy).toBe(false);
  });

  it('lists every missing requirement at once when nothing is set', () => {
    expect(listed(refusal({ NODE_ENV: 'production' }))).toEqual([
      'PUBLIC_URL',
      'SMTP_URL',
      'CREDENTIALS_KEY',
      'ERCASPAY_SECRET_KEY',
      'PAYMENT_WEBHOOK_TOKEN',
    ]);
  });

  it('refuses a plain-http public address', () => {
    expect(refusal({ ...LIVE, PUBLIC_URL: 'http://shop.example.ng' })).toMatch(
      /PUBLIC_URL: must start with https:\/\//,
    );
  });

  it('refuses the demo seed when it is asked for, with everything else set', () => {
    const message = refusal({ ...LIVE, DEMO_SEED: 'true' });
    expect(listed(message)).toEqual(['DEMO_SEED']);
    expect(message).toContain('never seeded in production');
  });

  it('refuses an ErcasPay TEST key and the staging URL for live payments', () => {
    const message = refusal({
      ...LIVE,
      ERCASPAY_SECRET_KEY: 'ECRS-TEST-SK-0123456789abcdef',
      ERCASPAY_BASE_URL: 'https://api-staging.ercaspay.com/api/v1',
    });
    expect(listed(message)).toEqual(['ERCASPAY_SECRET_KEY', 'ERCASPAY_BASE_URL']);
    expect(message).toContain('TEST key');
    expect(refusal({ ...LIVE, ERCASPAY_BASE_URL: 'http://127.0.0.1:9000/api/v1' })).toContain(
      'ERCASPAY_BASE_URL',
    );
  });

  it('accepts a TEST key on any ErcasPay URL when ERCASPAY_MODE=test says so', () => {
    const config = loadConfig(
      {
        ...LIVE,
        ERCASPAY_MODE: 'test',
        ERCASPAY_SECRET_KEY: 'ECRS-TEST-SK-0123456789abcdef',
        ERCASPAY_BASE_URL: 'http://127.0.0.1:9000/api/v1',
      },
      { serving: true },
    );
    expect(config.paymentMode).toBe('test');
  });

  it('puts bad values and missing ones in the same list', () => {
    expect(
      listed(
        refusal({
          NODE_ENV: 'production',
          PORT: 'eighty',
          CREDENTIALS_KEY: 'short',
          TRUST_PROXY: 'yes',
        }),
      ),
    ).toEqual([
      'PORT',
      'PUBLIC_URL',
      'SMTP_URL',
      'CREDENTIALS_KEY',
      'ERCASPAY_SECRET_KEY',
      'PAYMENT_WEBHOOK_TOKEN',
      'TRUST_PROXY',
    ]);
  });
});

describe('outside production', () => {
  it('requires CREDENTIALS_KEY whenever DATABASE_URL is set, so every process on one database shares the key', () => {
    expect(refusal({ DATABASE_URL: 'postgres://store@db.internal/store' })).toMatch(
      /CREDENTIALS_KEY: required with DATABASE_URL/,
    );
    expect(
      loadConfig(
        { DATABASE_URL: 'postgres://store@db.internal/store', CREDENTIALS_KEY: 'c'.repeat(64) },
        { serving: true },
      ).DEMO_SEED,
    ).toBe(true);
  });

  it('lets the embedded database generate its key, and tools run without one', () => {
    expect(loadConfig({}, { serving: true }).paymentMode).toBe('test');
    expect(
      loadConfig({ DATABASE_URL: 'postgres://store@db.internal/store' }).DATABASE_URL,
    ).toBeTruthy();
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('is off when unset or 0, a hop count for a number, a list for addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('10.0.0.1, 192.168.0.0/16,fd00::/8, loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses "true" (it would believe any client) and malformed entries', () => {
    for (const bad of ['true', '10.0.0.1/33', 'proxy.internal', '11', ','])
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
  });
});
