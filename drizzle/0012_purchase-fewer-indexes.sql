-- Fewer index entries per sold account and per imported row (issue 16, docs/decisions/011): (product_group_id, status)
-- duplicated what the partial available index and the (product_group_id, lower(username)) key already serve, and
-- order_id is null for every account in stock, so only sold accounts need an entry.
DROP INDEX "individual_accounts_group_status_idx";--> statement-breakpoint
DROP INDEX "individual_accounts_order_idx";--> statement-breakpoint
CREATE INDEX "individual_accounts_order_idx" ON "individual_accounts" USING btree ("order_id") WHERE "individual_accounts"."order_id" is not null;