// The only reader of process.env: parses the environment once and fails at boot with a readable message.
import path from 'node:path';
import { z } from 'zod';

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
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  // Prometheus metrics without sign-in on 127.0.0.1:METRICS_PORT (they are always at /api/metrics for admins).
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  // How long /api/health says "draining" before the listener closes (default 5000 in production, 0 elsewhere).
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_SEED: bool.default(true),
  CATALOGUE_CACHE: bool.default(true),
  DEMO_ADMIN_PASSWORD: z.string().min(8, 'DEMO_ADMIN_PASSWORD must be at least 8 characters').optional(),
  ADMIN_EMAILS: emailList,
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 7),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('AcctStore <no-reply@acctstore.local>'),
  CREDENTIALS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'CREDENTIALS_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  ERCASPAY_SECRET_KEY: z.string().min(8).optional(),
  ERCASPAY_BASE_URL: z.url().default('https://api.ercaspay.com/api/v1'),
  PAYMENT_WEBHOOK_TOKEN: z.string().min(16, 'PAYMENT_WEBHOOK_TOKEN must be at least 16 characters').optional(),
  // live: only ErcasPay's live domain is credited; test: its TEST domain is accepted (and admins see a banner).
  ERCASPAY_MODE: z.enum(['live', 'test']).optional(),
  WARRANTY_HOURS: z.coerce.number().int().min(0).max(24 * 90).default(48),
  SUPPORT_EMAIL: z.email().default('support@acctstore.ng'),
  SUPPORT_TELEGRAM_URL: z.url().default('https://t.me/acctstore_support'),
  SUPPORT_WHATSAPP: z.string().default('+234 800 000 0000'),
  OFFICE_LOCATION: z.string().default('Lagos, Nigeria'),
});

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  isProduction: boolean;
  /** ERCASPAY_MODE, else live in production and test elsewhere. */
  paymentMode: 'live' | 'test';
  publicUrl: string;
  dataDir: string;
};

/** Parses an environment (process.env by default); throws one readable error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && !c.ERCASPAY_SECRET_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  - ERCASPAY_SECRET_KEY: required in production (the sandbox payment provider is refused there)',
    );
  }
  return {
    ...c,
    isProduction: c.NODE_ENV === 'production',
    paymentMode: c.ERCASPAY_MODE ?? (c.NODE_ENV === 'production' ? 'live' : 'test'),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(c.DATA_DIR),
  };
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
  add('CREDENTIALS_KEY (base64)', config.CREDENTIALS_KEY && Buffer.from(config.CREDENTIALS_KEY, 'hex').toString('base64'));
  add('ERCASPAY_SECRET_KEY', config.ERCASPAY_SECRET_KEY);
  add('PAYMENT_WEBHOOK_TOKEN', config.PAYMENT_WEBHOOK_TOKEN);
  add('DEMO_ADMIN_PASSWORD', config.DEMO_ADMIN_PASSWORD);
  add('SMTP_URL password', config.SMTP_URL ? decodeURIComponent(new URL(config.SMTP_URL).password) : undefined);
  return found;
}
