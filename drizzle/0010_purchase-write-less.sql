DROP INDEX "transactions_reference_key";--> statement-breakpoint
DROP INDEX "transactions_payment_key";--> statement-breakpoint
DROP INDEX "transactions_report_key";--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_reference_key" ON "transactions" USING btree ("reference") WHERE "transactions"."type" <> 'purchase';--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_payment_key" ON "transactions" USING btree ("payment_id") WHERE "transactions"."payment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_report_key" ON "transactions" USING btree ("report_id") WHERE "transactions"."report_id" is not null;--> statement-breakpoint
ALTER TABLE "stock_count_pending" DROP COLUMN "id";