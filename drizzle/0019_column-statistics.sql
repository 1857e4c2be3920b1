-- custom SQL (keep when regenerating)
-- No planner statistics for wide columns whose statistics no plan needs (issue 16, docs/decisions/011
-- "Session 16"): no query sorts, groups or joins on them, and the only conditions on them come after a key has
-- found the row (outbox.ts compares a body it read by id; purchase_order() compares the request hash of the
-- order its key found). ANALYZE samples 30,000 rows of a table and sorts every column's values to
-- find the common ones and the histogram; for a jsonb document, an encrypted credential or an e-mail body
-- that is work no plan ever uses (a filter on account_details->>'product_name' is an expression: the planner
-- takes its default selectivity for it whatever the column's statistics). Autovacuum analyzes the tables a
-- purchase writes every time a tenth of their rows is new, so that work landed on the purchases running
-- beside it: measured on 40,000 orders, ANALYZE orders took 246-315 ms with the statistics and 91 ms without;
-- individual_accounts (20,000) 141-144 against 72-75 ms; email_outbox (40,000) 84-94 against 54-56 ms.
-- email_outbox.last_error keeps its statistics: the admin's list of e-mails needing attention filters on it
-- being set. On a database that was analyzed before, the old statistics of these columns stay in pg_statistic
-- (ANALYZE no longer updates them; no plan reads them); removing them needs PostgreSQL 18 or a superuser.
-- SET STATISTICS takes a SHARE UPDATE EXCLUSIVE lock: reads and writes of the running release go on.
ALTER TABLE "orders" ALTER COLUMN "account_details" SET STATISTICS 0, ALTER COLUMN "request_hash" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "individual_accounts" ALTER COLUMN "password_enc" SET STATISTICS 0, ALTER COLUMN "email_password_enc" SET STATISTICS 0, ALTER COLUMN "two_fa_code_enc" SET STATISTICS 0, ALTER COLUMN "additional_info" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "subject" SET STATISTICS 0, ALTER COLUMN "text_body" SET STATISTICS 0, ALTER COLUMN "html_body" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "description" SET STATISTICS 0;
