// Every table of the store, gathered for Drizzle and drizzle-kit. Each domain owns its own tables file.
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/catalogue/catalogue.tables.ts';
export * from '../modules/stock/stock.tables.ts';
export * from '../modules/orders/orders.tables.ts';
export * from '../modules/promotions/promotions.tables.ts';
export * from '../modules/payments/payments.tables.ts';
export * from '../modules/wallet/wallet.tables.ts';
export * from '../modules/mail/mail.tables.ts';
export * from '../modules/inbox/inbox.tables.ts';
export * from '../modules/audit/audit.tables.ts';
export * from '../modules/payments/sandbox.tables.ts';
export * from '../jobs/jobs.tables.ts';
export * from '../http/rate-limit.tables.ts';
export * from '../modules/reports/reports.tables.ts';
export * from '../maintenance/maintenance.tables.ts';
export * from '../modules/auth/api-keys/api-keys.tables.ts';
