// The only reader of process.env: parses the environment once and fails at boot with a readable message.
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.ts';
import { servingProblems, type Problem } from './serving-requirements.ts';
import { PAYMENT_MODES, type PaymentMode } from '../shared/payment-mode.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const emailList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email('ADMIN_EMAILS must be a comma-separated list of e-mail addresses')));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  // Where `npm run backup` writes and prunes; default /var/backups/acctstore in production, ./backups elsewhere.
  BACKUP_DIR: z.string().optional(),
  // After a successful backup, older backups in BACKUP_DIR are deleted (the newest BACKUP_KEEP_MIN always stay).
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  BACKUP_KEEP_MIN: z.coerce.number().int().min(1).max(1000).default(3),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  // Migrations (each CLI, each store start) wait this long for a PostgreSQL still replaying WAL (a restore to a
  // moment), then stop with one line.
  RECOVERY_WAIT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  // Prometheus metrics without sign-in on 127.0.0.1:METRICS_PORT (they are always at /api/metrics for admins).
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  // A bearer token that also opens /api/metrics without a session (a Prometheus elsewhere), even with the
  // database down, when sessions cannot be read.
  METRICS_TOKEN: z.string().min(24, 'METRICS_TOKEN must be at least 24 characters').optional(),
  // How long /api/health says "draining" before the listener closes (default 5000 in production, 0 elsewhere).
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  // Slow senders: all headers within HTTP_HEADERS_TIMEOUT_MS, the whole request (a 20 MB stock CSV on a slow
  // line included) within HTTP_REQUEST_TIMEOUT_MS, and no socket silent for more than HTTP_IDLE_TIMEOUT_MS
  // (longer than the slowest handler: a provider check with its retries).
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(600_000),
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(72_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Default: on outside production, off in production (where asking for it is refused).
  DEMO_SEED: bool.optional(),
  CATALOGUE_CACHE: bool.default(true),
  DEMO_ADMIN_PASSWORD: z
    .string()
    .min(8, 'DEMO_ADMIN_PASSWORD must be at least 8 characters')
    .optional(),
  ADMIN_EMAILS: emailList,
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  // Requests one reseller API key may make per minute (each key counted on its own, across processes).
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  // How long one call to a supplier's API may take (issue 54): past it, a purchase's answer counts as lost and is
  // asked again under the same key (docs/decisions/034).
  SUPPLIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('AcctStore <no-reply@acctstore.local>'),
  CREDENTIALS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'CREDENTIALS_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  // Read only by `npm run rotate-key`: the key every sealed value is re-encrypted to.
  NEW_CREDENTIALS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'NEW_CREDENTIALS_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  ERCASPAY_SECRET_KEY: z.string().min(8).optional(),
  ERCASPAY_BASE_URL: z.url().default('https://api.ercaspay.com/api/v1'),
  PAYMENT_WEBHOOK_TOKEN: z
    .string()
    .min(16, 'PAYMENT_WEBHOOK_TOKEN must be at least 16 characters')
    .optional(),
  // live: only ErcasPay's live domain is credited; test: its TEST domain is accepted (and admins see a banner).
  ERCASPAY_MODE: z.enum(PAYMENT_MODES).optional(),
  // Owner alerts on Telegram (modules/alerts): a bot from @BotFather and the chat it writes to; both or neither.
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]{20,}$/, 'TELEGRAM_BOT_TOKEN must look like 123456789:AA… (from @BotFather)')
    .optional(),
  TELEGRAM_CHAT_ID: z
    .string()
    .regex(
      /^(-?\d+|@\w{5,})$/,
      'TELEGRAM_CHAT_ID must be a number (from getUpdates) or an @channel name',
    )
    .optional(),
  // The Bot API's address; tests point it at a local fake.
  TELEGRAM_API_BASE: z.url().default('https://api.telegram.org'),
  // The store's settings below (name, contacts, bot, referral terms, warranty, low-stock threshold) are changed in
  // the console (Settings); these lines give only the first values of a new store (docs/decisions/030).
  STORE_NAME: z
    .string()
    .max(60, 'STORE_NAME is at most 60 characters')
    .regex(/^[^<>"\r\n]+$/, 'STORE_NAME cannot contain <, >, " or line breaks')
    .default('AcctStore'),
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(10_000).default(4),
  WARRANTY_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 90)
    .default(48),
  // Referral rewards: the percentage of a referee's first REFERRAL_MAX_TOPUPS credited top-ups the referrer earns.
  REFERRAL_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .refine(
      (p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6,
      'REFERRAL_PERCENT has at most two decimals',
    )
    .default(5),
  REFERRAL_MAX_TOPUPS: z.coerce.number().int().min(0).max(1000).default(3),
  REFERRAL_COOKIE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SUPPORT_EMAIL: z.email().default('support@acctstore.ng'),
  SUPPORT_TELEGRAM_URL: z.url().default('https://t.me/acctstore_support'),
  SUPPORT_WHATSAPP: z.string().default('+234 800 000 0000'),
  OFFICE_LOCATION: z.string().default('Lagos, Nigeria'),
  // The shop's X (Twitter) account for link previews' twitter:site, e.g. @acctstore; none when unset.
  TWITTER_SITE: z
    .string()
    .regex(/^@\w{1,15}$/, 'TWITTER_SITE must be an @handle, e.g. @acctstore')
    .optional(),
  // How many reverse proxies in front of the store, or which ones (addresses/CIDRs): whose X-Forwarded-For to believe.
  TRUST_PROXY: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export type Config = Omit<Env, 'DEMO_SEED' | 'TRUST_PROXY'> & {
  isProduction: boolean;
  /** Every admin must have two-factor sign-in before any admin route answers: in production, always. */
  adminsNeedTwoFactor: boolean;
  /** ERCASPAY_MODE, else live in production and test elsewhere. */
  paymentMode: PaymentMode;
  publicUrl: string;
  dataDir: string;
  /** BACKUP_DIR, absolute: outside the release folder in production, so deleting an old release keeps them. */
  backupDir: string;
  DEMO_SEED: boolean;
  /** Fastify's trustProxy: false (no proxy), a number of hops, or the proxies' addresses. */
  trustProxy: TrustProxy;
};

type LoadOptions = {
  /**
   * For the store's server (main.ts): also what serving needs (in production: a public https URL, the key, SMTP,
   * the webhook token, a live ErcasPay key on the live URL, no demo seed; anywhere: a key with DATABASE_URL).
   * Command-line tools and tests leave it off.
   */
  serving?: boolean;
};

/** Parses an environment (process.env by default); throws one readable error listing every problem. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  { serving = false }: LoadOptions = {},
): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  ) as Record<string, string>;
  const parsed = envSchema.safeParse(cleaned);
  const problems: Problem[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ name: i.path.join('.') || '(env)', message: i.message }));
  const trustProxy = parseTrustProxy(cleaned.TRUST_PROXY);
  if (typeof trustProxy === 'string') problems.push({ name: 'TRUST_PROXY', message: trustProxy });
  if (parsed.success && parsed.data.HTTP_HEADERS_TIMEOUT_MS > parsed.data.HTTP_REQUEST_TIMEOUT_MS)
    problems.push({
      name: 'HTTP_HEADERS_TIMEOUT_MS',
      message:
        'must not be longer than HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)',
    });
  if (!cleaned.TELEGRAM_BOT_TOKEN !== !cleaned.TELEGRAM_CHAT_ID)
    problems.push({
      name: cleaned.TELEGRAM_BOT_TOKEN ? 'TELEGRAM_CHAT_ID' : 'TELEGRAM_BOT_TOKEN',
      message: 'set both TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID, or neither (owner alerts)',
    });
  const isProduction = cleaned.NODE_ENV === 'production';
  if (isProduction && !cleaned.ERCASPAY_SECRET_KEY) {
    problems.push({
      name: 'ERCASPAY_SECRET_KEY',
      message: 'required in production (the sandbox payment provider is refused there)',
    });
  }
  if (serving)
    problems.push(
      ...servingProblems(cleaned).filter((p) => !problems.some((q) => q.name === p.name)),
    );
  if (!parsed.success || problems.length > 0) {
    const order = Object.keys(envSchema.shape);
    problems.sort((a, b) => rank(order, a.name) - rank(order, b.name));
    const lines = problems.map((p) => `  - ${p.name}: ${p.message}`);
    const where = isProduction ? ' for production' : '';
    throw new ConfigError(`Invalid configuration${where} (see .env.example):\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    isProduction,
    adminsNeedTwoFactor: isProduction,
    paymentMode: c.ERCASPAY_MODE ?? (isProduction ? 'live' : 'test'),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(c.DATA_DIR),
    backupDir: path.resolve(
      c.BACKUP_DIR ?? (isProduction ? '/var/backups/acctstore' : './backups'),
    ),
    DEMO_SEED: c.DEMO_SEED ?? !isProduction,
    trustProxy: typeof trustProxy === 'string' ? false : trustProxy, // a string was reported above
  };
}

function rank(order: string[], name: string): number {
  const i = order.indexOf(name);
  return i === -1 ? order.length : i;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The configured values that must never reach a log, a response or the browser, by name: the test run scans
 * every log it produced for them (scripts/check-logs-for-secrets.ts).
 */
export function configuredSecrets(config: Config): { name: string; value: string }[] {
  const found: { name: string; value: string }[] = [];
  const add = (name: string, value: string | undefined) => {
    if (value) found.push({ name, value });
  };
  add('CREDENTIALS_KEY', config.CREDENTIALS_KEY);
  add(
    'CREDENTIALS_KEY (base64)',
    config.CREDENTIALS_KEY && Buffer.from(config.CREDENTIALS_KEY, 'hex').toString('base64'),
  );
  add('NEW_CREDENTIALS_KEY', config.NEW_CREDENTIALS_KEY);
  add('ERCASPAY_SECRET_KEY', config.ERCASPAY_SECRET_KEY);
  add('PAYMENT_WEBHOOK_TOKEN', config.PAYMENT_WEBHOOK_TOKEN);
  add('METRICS_TOKEN', config.METRICS_TOKEN);
  add('TELEGRAM_BOT_TOKEN', config.TELEGRAM_BOT_TOKEN);
  add('DEMO_ADMIN_PASSWORD', config.DEMO_ADMIN_PASSWORD);
  add(
    'SMTP_URL password',
    config.SMTP_URL ? decodeURIComponent(new URL(config.SMTP_URL).password) : undefined,
  );
  return found;
}
