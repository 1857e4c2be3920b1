// Signed webhooks (docs/decisions/024-signed-webhooks.md): a customer's endpoints, and the outbox of deliveries to
// them, written in the transaction of the event's cause (an order by the trigger of functions/45-*.sql).
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_MAX_ATTEMPTS,
} from '../../../shared/webhooks.ts';
import { users } from '../auth/auth.tables.ts';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events', { enum: WEBHOOK_EVENTS }).array().notNull(),
    /** The signing secret, sealed with the credentials key (SEALED_BODY_PREFIX): a dump alone cannot sign. */
    secretSealed: text('secret_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_user_idx').on(t.userId),
    check(
      'webhook_endpoints_events',
      sql`cardinality(${t.events}) > 0 and ${t.events} <@ array['order.completed', 'topup.credited', 'report.resolved']::text[]`,
    ),
  ],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    event: text('event', { enum: WEBHOOK_EVENTS }).notNull(),
    /** md5(event || ':' || subject)::uuid: one id per event, the same for every endpoint and every attempt. */
    eventId: uuid('event_id').notNull(),
    /** The order, payment or report the event is about. */
    subjectId: uuid('subject_id').notNull(),
    /** The JSON sent, written at the first claim and kept, so every attempt sends the same body. */
    payload: text('payload'),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Gives up (failed) at this many attempts; Resend allows one more. */
    maxAttempts: integer('max_attempts').notNull().default(WEBHOOK_MAX_ATTEMPTS),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatusCode: smallint('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An event is queued once per endpoint, whoever enqueues it.
    uniqueIndex('webhook_deliveries_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('webhook_deliveries_user_idx').on(t.userId, t.createdAt),
    check(
      'webhook_deliveries_status',
      sql`${t.status} in ('pending', 'sending', 'delivered', 'failed')`,
    ),
  ],
);
