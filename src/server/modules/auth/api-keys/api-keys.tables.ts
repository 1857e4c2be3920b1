// API keys of resellers (docs/decisions/023-reseller-api-keys.md). Only the key's SHA-256 hash is stored; each live
// key owns a row in `sessions` (sessions.for_api_key), which the purchase checks inside its own transaction.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from '../auth.tables.ts';
import { API_KEY_SCOPES } from '../../../../shared/api-keys.ts';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters, shown in lists so the owner can tell keys apart. */
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: text('scopes', { enum: API_KEY_SCOPES }).array().notNull(),
    /** The key's own session: null once revoked, or ended with every session of the owner (password change). */
    sessionTokenHash: text('session_token_hash').references(() => sessions.tokenHash, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_token_hash_key').on(t.tokenHash),
    index('api_keys_user_idx').on(t.userId),
    // Ending a session (sign-out, password change) looks here for the key it belongs to (ON DELETE SET NULL).
    index('api_keys_session_idx').on(t.sessionTokenHash),
    check(
      'api_keys_scopes',
      sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ array['read', 'purchase']::text[]`,
    ),
  ],
);
