// Columns typed by a PostgreSQL domain instead of a CHECK constraint, on the tables the purchase writes (users,
// orders, transactions, individual_accounts, email_outbox; drizzle/0017). PostgreSQL re-reads every CHECK of a
// table from its stored text at each INSERT or UPDATE statement: on the purchase that was a fifth of its
// instructions (docs/decisions/011-purchase-in-one-statement.md, "Plans made once, rules as types, fewer index
// entries"; the count in scripts/bench/PERFORMANCE-LOG.md, "Session 13"). A domain's check is kept parsed per
// connection and runs only for the columns a statement writes. The rule and its error stay in the database; the
// values of each closed union come from src/shared/ (domains.test.ts compares them with the database's).
import { customType } from 'drizzle-orm/pg-core';
import { ACCOUNT_STATUSES } from '../../shared/admin-catalogue.ts';
import { OUTBOX_STATUSES } from '../../shared/mail.ts';
import { ORDER_STATUSES } from '../../shared/orders.ts';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../shared/wallet.ts';

/** A text column whose values are one closed union, checked by the domain `name`. */
function closedUnion<const V extends readonly string[]>(name: string, values: V) {
  const column = customType<{ data: V[number]; driverData: string }>({ dataType: () => name });
  return Object.assign(column, { domain: name, values });
}

export const accountStatus = closedUnion('account_status', ACCOUNT_STATUSES);
export const orderStatus = closedUnion('order_status', ORDER_STATUSES);
export const transactionType = closedUnion('transaction_type', TRANSACTION_TYPES);
export const transactionStatus = closedUnion('transaction_status', TRANSACTION_STATUSES);
export const outboxStatus = closedUnion('outbox_status', OUTBOX_STATUSES);

/** Every closed-union domain, for the test that holds the database to src/shared/. */
export const closedUnionDomains = [
  accountStatus,
  orderStatus,
  transactionType,
  transactionStatus,
  outboxStatus,
];

/** An amount of kobo that is never below zero (a wallet balance, an order's amount, a balance after an entry). */
export const nonNegativeKobo = customType<{ data: number; driverData: string | number }>({
  dataType: () => 'non_negative_kobo',
  fromDriver: (value) => Number(value),
});

/** A count of at least one (an order's quantity). */
export const positiveQuantity = customType<{ data: number; driverData: number }>({
  dataType: () => 'positive_quantity',
});

/** An e-mail address stored lower-case (a person's sign-in address). */
export const lowercaseEmail = customType<{ data: string; driverData: string }>({
  dataType: () => 'lowercase_email',
});
