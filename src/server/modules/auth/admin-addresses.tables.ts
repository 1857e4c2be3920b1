// The ADMIN_EMAILS of the running configuration, copied into the database at start (sync-admin-addresses.ts),
// so that what runs inside PostgreSQL (the low-stock alert trigger) reaches those admins too.
import { pgTable } from 'drizzle-orm/pg-core';
import { lowercaseEmail } from '../../db/domains.ts';

export const adminAddresses = pgTable('admin_addresses', {
  email: lowercaseEmail('email').primaryKey(),
});
