CREATE TABLE "account_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"reject_reason" text,
	"replacement_account_id" uuid,
	"resolved_by_user_id" uuid,
	"resolved_by_email" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_reports_status" CHECK ("account_reports"."status" in ('open', 'replaced', 'refunded', 'rejected')),
	CONSTRAINT "account_reports_resolved" CHECK (("account_reports"."status" = 'open') = ("account_reports"."resolved_at" is null)),
	CONSTRAINT "account_reports_rejected_has_reason" CHECK (("account_reports"."status" = 'rejected') = ("account_reports"."reject_reason" is not null)),
	CONSTRAINT "account_reports_replaced_has_account" CHECK (("account_reports"."status" = 'replaced') = ("account_reports"."replacement_account_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "individual_accounts" DROP CONSTRAINT "individual_accounts_status";--> statement-breakpoint
ALTER TABLE "individual_accounts" DROP CONSTRAINT "individual_accounts_sold_has_order";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_type";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_sign_matches_type";--> statement-breakpoint
DROP INDEX "transactions_order_key";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "report_id" uuid;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "reply_text" text;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "replied_by_email" text;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_reports" ADD CONSTRAINT "account_reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_reports" ADD CONSTRAINT "account_reports_account_id_individual_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."individual_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_reports" ADD CONSTRAINT "account_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_reports" ADD CONSTRAINT "account_reports_replacement_account_id_individual_accounts_id_fk" FOREIGN KEY ("replacement_account_id") REFERENCES "public"."individual_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_reports" ADD CONSTRAINT "account_reports_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_reports_one_open_key" ON "account_reports" USING btree ("account_id") WHERE "account_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "account_reports_order_idx" ON "account_reports" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "account_reports_status_idx" ON "account_reports" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_report_id_account_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."account_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_report_key" ON "transactions" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_order_key" ON "transactions" USING btree ("order_id") WHERE "transactions"."type" = 'purchase';--> statement-breakpoint
ALTER TABLE "individual_accounts" ADD CONSTRAINT "individual_accounts_status" CHECK ("individual_accounts"."status" in ('available', 'reserved', 'sold', 'replaced', 'refunded'));--> statement-breakpoint
ALTER TABLE "individual_accounts" ADD CONSTRAINT "individual_accounts_sold_has_order" CHECK (("individual_accounts"."status" in ('sold', 'replaced', 'refunded')) = ("individual_accounts"."order_id" is not null and "individual_accounts"."sold_at" is not null));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_refund_linked" CHECK (("transactions"."type" = 'refund') = ("transactions"."report_id" is not null and "transactions"."order_id" is not null));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_type" CHECK ("transactions"."type" in ('topup', 'purchase', 'ADMIN_CREDIT', 'ADMIN_DEBIT', 'refund'));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sign_matches_type" CHECK (("transactions"."type" in ('topup', 'ADMIN_CREDIT', 'refund') and "transactions"."amount_kobo" > 0) or ("transactions"."type" in ('purchase', 'ADMIN_DEBIT') and "transactions"."amount_kobo" < 0));--> statement-breakpoint
-- custom SQL (keep when regenerating)
-- The audit log is append-only: nothing in the app (or a stray query) can rewrite or erase it. The only
-- update allowed is the foreign key's own ON DELETE SET NULL of actor_user_id.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (NEW.id, NEW.actor_email, NEW.action, NEW.target_type, NEW.target_id, NEW.details, NEW.created_at)
         IS NOT DISTINCT FROM (OLD.id, OLD.actor_email, OLD.action, OLD.target_type, OLD.target_id, OLD.details, OLD.created_at)
     AND NEW.actor_user_id IS NULL THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
-- Low stock: when a group's stock_count drops from above 4 to 4 or fewer (once per crossing, not per sale),
-- every admin gets an e-mail through the outbox, in the same transaction as the change that crossed it
-- (purchase, replacement, admin edit, from any app process). Threshold 4 = LOW_STOCK_MAX in src/shared/admin-catalogue.ts.
CREATE OR REPLACE FUNCTION product_groups_low_stock_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.stock_count > 4 AND NEW.stock_count <= 4 AND NEW.is_active THEN
    INSERT INTO email_outbox (kind, to_address, subject, text_body, user_id)
    SELECT 'low_stock_alert', u.email,
           'Low stock: ' || NEW.name || ' (' || NEW.stock_count || ' left)',
           'Hello,' || E'\n\n' || 'The product template "' || NEW.name || '" is down to ' || NEW.stock_count ||
           ' available account' || CASE WHEN NEW.stock_count = 1 THEN '' ELSE 's' END || '.' || E'\n' ||
           'Add stock from the admin console (Bulk Upload or Add Product) before it sells out.' || E'\n\n' ||
           'You get this e-mail once each time the template drops to 4 or fewer.',
           u.id
    FROM users u WHERE u.is_admin;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER product_groups_low_stock AFTER UPDATE OF stock_count ON product_groups FOR EACH ROW EXECUTE FUNCTION product_groups_low_stock_alert();
