// Promo codes: the admin's terms, and how many times each was redeemed (counted by the purchase, in its own
// transaction: db/functions/09-redeem-promo-code.sql). The orders that used a code name it (orders.promo_code_id).
import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  PROMO_KINDS,
  PROMO_SCOPES,
  type PromoKind,
  type PromoScope,
} from '../../../shared/promotions.ts';
import { categories, productGroups } from '../catalogue/catalogue.tables.ts';

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper-case; customers may type it in any case. */
    code: text('code').notNull().unique(),
    kind: text('kind').$type<PromoKind>().notNull(),
    percentOff: integer('percent_off'),
    amountOffKobo: bigint('amount_off_kobo', { mode: 'number' }),
    scope: text('scope').$type<PromoScope>().notNull(),
    // A code for a category or template goes with it: one deleted has no orders (SPEC.md §5), so neither has the code.
    categoryId: text('category_id').references(() => categories.id, {
      onUpdate: 'cascade',
      onDelete: 'cascade',
    }),
    productGroupId: uuid('product_group_id').references(() => productGroups.id, {
      onDelete: 'cascade',
    }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Null: no limit. */
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    minOrderKobo: bigint('min_order_kobo', { mode: 'number' }).notNull().default(0),
    /**
     * For a code with max_uses, its orders, counted by the redemption under the row's lock (never more than max_uses:
     * the redemption's UPDATE and this CHECK). A code without a limit is never written by a purchase and keeps 0:
     * its uses are its orders, counted from them (09-redeem-promo-code.sql says why).
     */
    uses: integer('uses').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('promo_codes_code_upper', sql`${t.code} = upper(${t.code})`),
    check('promo_codes_kind', sql`${t.kind} in (${quoted(PROMO_KINDS)})`),
    check('promo_codes_scope', sql`${t.scope} in (${quoted(PROMO_SCOPES)})`),
    check(
      'promo_codes_off',
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 100 and ${t.amountOffKobo} is null)
       or (${t.kind} = 'fixed' and ${t.amountOffKobo} > 0 and ${t.percentOff} is null)`,
    ),
    check(
      'promo_codes_target',
      sql`(${t.scope} = 'all' and ${t.categoryId} is null and ${t.productGroupId} is null)
       or (${t.scope} = 'category' and ${t.categoryId} is not null and ${t.productGroupId} is null)
       or (${t.scope} = 'product_group' and ${t.productGroupId} is not null and ${t.categoryId} is null)`,
    ),
    check('promo_codes_window', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check(
      'promo_codes_limits',
      sql`(${t.maxUses} is null or ${t.maxUses} >= 1) and (${t.maxUsesPerCustomer} is null or ${t.maxUsesPerCustomer} >= 1)
       and ${t.minOrderKobo} >= 0`,
    ),
    check(
      'promo_codes_uses',
      sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`,
    ),
  ],
);
