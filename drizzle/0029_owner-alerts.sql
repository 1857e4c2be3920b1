CREATE TABLE "owner_alert_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"disabled_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_order_kobo" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" uuid,
	CONSTRAINT "owner_alert_settings_one_row" CHECK ("owner_alert_settings"."id" = 1),
	CONSTRAINT "owner_alert_settings_min_order" CHECK ("owner_alert_settings"."min_order_kobo" >= 0),
	CONSTRAINT "owner_alert_settings_kinds" CHECK ("owner_alert_settings"."disabled_kinds" <@ array['order_completed', 'low_stock', 'account_reported', 'topup_attention', 'email_failing']::text[])
);
--> statement-breakpoint
CREATE TABLE "owner_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"details" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_alerts_kind" CHECK ("owner_alerts"."kind" in ('order_completed', 'low_stock', 'account_reported', 'topup_attention', 'email_failing')),
	CONSTRAINT "owner_alerts_status" CHECK ("owner_alerts"."status" in ('pending', 'sending', 'sent', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "owner_alert_settings" ADD CONSTRAINT "owner_alert_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owner_alerts_due_idx" ON "owner_alerts" USING btree ("next_attempt_at") WHERE "owner_alerts"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "owner_alerts_coalesce_key" ON "owner_alerts" USING btree ("kind") WHERE "owner_alerts"."status" = 'pending' and "owner_alerts"."kind" = 'email_failing';--> statement-breakpoint
-- Hand-written from here: the triggers that queue the alerts in the transaction of their cause. Each function's
-- first version is a stub; its text is src/server/db/functions/2[4-7]-*.sql. Keep them stubs: a restore loads a
-- backup's rows with only the migrations' functions in place, so history does not become new alerts
-- (maintenance/backup-restore.test.ts compares the counts).
CREATE OR REPLACE FUNCTION orders_owner_alert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_reports_owner_alert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION payments_owner_alert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION email_outbox_owner_alert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
CREATE TRIGGER orders_owner_alert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_owner_alert();--> statement-breakpoint
CREATE TRIGGER account_reports_owner_alert AFTER INSERT ON account_reports REFERENCING NEW TABLE AS new_reports
  FOR EACH STATEMENT EXECUTE FUNCTION account_reports_owner_alert();--> statement-breakpoint
CREATE TRIGGER payments_owner_alert AFTER UPDATE OF status ON payments FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION payments_owner_alert();--> statement-breakpoint
-- A failed attempt recorded (which ones need the owner is the function's rule, in its file).
CREATE TRIGGER email_outbox_owner_alert AFTER UPDATE OF status ON email_outbox FOR EACH ROW
  WHEN (OLD.status = 'sending' AND NEW.status IN ('pending', 'failed') AND NEW.last_error IS NOT NULL)
  EXECUTE FUNCTION email_outbox_owner_alert();
