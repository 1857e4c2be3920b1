CREATE TABLE "store_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"store_name" text,
	"support_whatsapp" text,
	"support_telegram_url" text,
	"support_email" text,
	"office_location" text,
	"telegram_bot_token_enc" "bytea",
	"telegram_chat_id" text,
	"referral_basis_points" integer,
	"referral_max_topups" integer,
	"warranty_hours" integer,
	"low_stock_threshold" integer,
	"logo" "bytea",
	"logo_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" uuid,
	CONSTRAINT "store_settings_one_row" CHECK ("store_settings"."id" = 1),
	CONSTRAINT "store_settings_referral" CHECK ("store_settings"."referral_basis_points" between 0 and 10000),
	CONSTRAINT "store_settings_low_stock" CHECK ("store_settings"."low_stock_threshold" >= 0),
	CONSTRAINT "store_settings_logo" CHECK (("store_settings"."logo" is null) = ("store_settings"."logo_type" is null))
);
--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written from here: every write to the settings tells every store process at commit, on the channel the
-- catalogue's cache already listens beside (db/notify-listener.ts). The function's current text lives in
-- src/server/db/functions/28-notify-settings-changed.sql.
CREATE OR REPLACE FUNCTION notify_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('settings_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER store_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_settings_changed();
