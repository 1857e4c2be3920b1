// Accounts of people (profiles), their sessions and their one-time e-mail tokens.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { lowercaseEmail, nonNegativeKobo } from '../../db/domains.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: lowercaseEmail('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** Set when the owner deleted the account: the row stays, anonymised, so its orders and ledger still add up. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    walletBalanceKobo: nonNegativeKobo('wallet_balance_kobo').notNull().default(0),
    /** The TOTP secret, sealed with the credentials key; set at enrolment, in force once totpEnabledAt is set. */
    totpSecretEnc: bytea('totp_secret_enc'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second step a code was accepted for: a code works once, never replayed. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The address the account signed up from (req.ip): referral rewards refuse a referee who shares it. */
    signupIp: text('signup_ip'),
    /** Bumped first by every credential change (credential-change.ts); every grant carries the one it was granted
     *  under and the database refuses it at insert when they differ (db/functions/29-credential-fence.sql). */
    credentialVersion: integer('credential_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Lower-case e-mail and a balance never below zero: the column types (domains.ts), not CHECKs.
    uniqueIndex('users_email_key').on(t.email),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The id the owner's session list names a session by; the token hash never leaves the server. */
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When this session last proved a fresh second-factor code (step-up before money actions). */
    stepUpAt: timestamp('step_up_at', { withTimezone: true }),
    /** The session of an API key (api-keys.tables.ts): never a browser's, never in the owner's device list. */
    forApiKey: boolean('for_api_key').notNull().default(false),
    /** users.credential_version this session (and its step-up) was granted under; null: the current one at insert. */
    credentialVersion: integer('credential_version'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), uniqueIndex('sessions_id_key').on(t.id)],
);

/** What a one-time e-mail token is for: confirming a new account, resetting a password, confirming a new address. */
export const EMAIL_TOKEN_PURPOSES = ['confirm_email', 'reset_password', 'change_email'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    /** change_email only: the address that becomes the account's when the token is used. */
    newEmail: text('new_email'),
    /** The account's address when the token was issued: the token works only while it is still the address. */
    accountEmail: text('account_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** users.credential_version the token was issued under; null: the current one at insert. */
    credentialVersion: integer('credential_version'),
  },
  (t) => [
    index('email_tokens_user_idx').on(t.userId),
    check(
      'email_tokens_purpose',
      sql`${t.purpose} in ('confirm_email', 'reset_password', 'change_email')`,
    ),
  ],
);

/** One-time recovery codes of two-factor sign-in, stored as SHA-256 hashes (they are long random strings). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/** A sign-in whose password was right and which waits for its second-factor code (5 minutes). */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** users.credential_version the password was checked under; null: the current one at insert. */
    credentialVersion: integer('credential_version'),
  },
  (t) => [index('sign_in_challenges_user_idx').on(t.userId)],
);

/**
 * The devices (first-party cookie ids, http/device-cookie.ts) an account signed up or signed in from: referral
 * rewards refuse a sign-up on a device another account already used. Forgotten with the account.
 */
export const userDevices = pgTable(
  'user_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_devices_user_device_key').on(t.userId, t.deviceId),
    index('user_devices_device_idx').on(t.deviceId),
  ],
);
