// What the store needs before it may serve: the production refusals (a live shop must not run with a demo
// seed, a sandbox, a test key, plain http or no mail). A pure function of the raw environment, so that
// config.ts can put every problem into one list.

export type Problem = { name: string; message: string };

/** ErcasPay's live API; anything else (its staging host, a local fake) takes no real money. */
export const ERCASPAY_LIVE_ORIGIN = 'https://api.ercaspay.com';
const TEST_KEY = /^ECRS-TEST-/i;

/** Problems of an environment that the store's server refuses to start with (values already validated by the schema). */
export function servingProblems(env: Record<string, string>): Problem[] {
  const problems: Problem[] = [];
  const add = (name: string, message: string) => problems.push({ name, message });
  const isProduction = env.NODE_ENV === 'production';

  if (!isProduction) {
    // Another process (another DATA_DIR) on the same database would otherwise generate a key of its own.
    if (env.DATABASE_URL && !env.CREDENTIALS_KEY) {
      add(
        'CREDENTIALS_KEY',
        'required with DATABASE_URL: every store process on one database must use the same key (64 hex characters)',
      );
    }
    return problems;
  }

  if (!env.PUBLIC_URL)
    add(
      'PUBLIC_URL',
      'required in production: the https address of the shop, used in e-mail links and payment redirects',
    );
  else if (!env.PUBLIC_URL.startsWith('https://'))
    add('PUBLIC_URL', 'must start with https:// in production (sessions and payments need TLS)');
  if (!env.CREDENTIALS_KEY)
    add(
      'CREDENTIALS_KEY',
      'required in production: 64 hex characters (`openssl rand -hex 32`); keep a copy, stored credentials need it',
    );
  if (!env.SMTP_URL)
    add(
      'SMTP_URL',
      'required in production: customers receive confirmation links and credentials by e-mail',
    );
  if (!env.PAYMENT_WEBHOOK_TOKEN)
    add(
      'PAYMENT_WEBHOOK_TOKEN',
      'required in production: the secret part of the webhook URL given to ErcasPay (at least 16 characters)',
    );
  if (!env.ERCASPAY_SECRET_KEY)
    add(
      'ERCASPAY_SECRET_KEY',
      'required in production (the sandbox payment provider is refused there)',
    );

  if (env.ERCASPAY_MODE !== 'test') {
    if (env.ERCASPAY_SECRET_KEY && TEST_KEY.test(env.ERCASPAY_SECRET_KEY)) {
      add(
        'ERCASPAY_SECRET_KEY',
        'is an ErcasPay TEST key: use the live key (ECRS-LIVE-SK…), or set ERCASPAY_MODE=test to take test payments on purpose',
      );
    }
    if (env.ERCASPAY_BASE_URL && originOf(env.ERCASPAY_BASE_URL) !== ERCASPAY_LIVE_ORIGIN) {
      add(
        'ERCASPAY_BASE_URL',
        `must be ErcasPay's live API (${ERCASPAY_LIVE_ORIGIN}/api/v1) for live payments, or set ERCASPAY_MODE=test`,
      );
    }
  }
  if (env.DEMO_SEED && ['true', '1', 'yes'].includes(env.DEMO_SEED)) {
    add(
      'DEMO_SEED',
      'the demo shop (fake accounts for sale, a demo admin) is never seeded in production: remove DEMO_SEED or set it to false',
    );
  }
  return problems;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
