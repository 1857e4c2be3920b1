// Owner alerts: an outbox of Telegram messages (written by database triggers in the transaction of their cause)
// and the owner's choice of which kinds to receive (one row).
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { OWNER_ALERT_KINDS, OWNER_ALERT_STATUSES } from '../../../shared/owner-alerts.ts';
import { users } from '../auth/auth.tables.ts';

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const ownerAlerts = pgTable(
  'owner_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: OWNER_ALERT_KINDS }).notNull(),
    /** The facts the message is written from (render-alert.ts), chosen by the trigger: never a secret. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: OWNER_ALERT_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('owner_alerts_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    // Failing e-mails are counted into the one alert still waiting, so a mail server outage is one message.
    uniqueIndex('owner_alerts_coalesce_key')
      .on(t.kind)
      .where(sql`${t.status} = 'pending' and ${t.kind} = 'email_failing'`),
    check('owner_alerts_kind', sql`${t.kind} in (${quoted(OWNER_ALERT_KINDS)})`),
    check('owner_alerts_status', sql`${t.status} in (${quoted(OWNER_ALERT_STATUSES)})`),
  ],
);

/** The one row (id 1, made by the first save; none: every kind on) the triggers read: kinds off, order threshold. */
export const ownerAlertSettings = pgTable(
  'owner_alert_settings',
  {
    id: smallint('id').primaryKey(),
    disabledKinds: text('disabled_kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minOrderKobo: bigint('min_order_kobo', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    check('owner_alert_settings_one_row', sql`${t.id} = 1`),
    check('owner_alert_settings_min_order', sql`${t.minOrderKobo} >= 0`),
    check(
      'owner_alert_settings_kinds',
      sql`${t.disabledKinds} <@ array[${quoted(OWNER_ALERT_KINDS)}]::text[]`,
    ),
  ],
);
