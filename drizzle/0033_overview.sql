CREATE TABLE "sales_hours" (
	"hour" timestamp with time zone NOT NULL,
	"product_group_id" uuid NOT NULL,
	"orders" integer NOT NULL,
	"units" integer NOT NULL,
	"revenue_kobo" bigint NOT NULL,
	CONSTRAINT "sales_hours_hour_product_group_id_pk" PRIMARY KEY("hour","product_group_id")
);
--> statement-breakpoint
CREATE TABLE "sales_rollup" (
	"id" integer PRIMARY KEY NOT NULL,
	"sales_through" timestamp with time zone NOT NULL,
	CONSTRAINT "sales_rollup_one_row" CHECK ("sales_rollup"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "topup_hour_changes" (
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"payments" integer NOT NULL,
	"amount_kobo" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topup_hours" (
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"payments" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	CONSTRAINT "topup_hours_hour_status_pk" PRIMARY KEY("hour","status")
);
--> statement-breakpoint
CREATE INDEX "orders_created_at_brin" ON "orders" USING brin ("created_at");--> statement-breakpoint
-- The sales rollup starts empty with its watermark at the beginning of time: the first Overview read rolls up the
-- store's past orders (roll_sales_hours(), src/server/db/functions/50).
INSERT INTO "sales_rollup" ("id", "sales_through") VALUES (1, '-infinity');--> statement-breakpoint
-- The top-up rollup starts with every payment there is, and the trigger keeps it from here on (its function's
-- first version; the current text is src/server/db/functions/51-payments-topup-hours.sql).
LOCK TABLE "payments" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "topup_hours" ("hour", "status", "payments", "amount_kobo")
  SELECT date_trunc('hour', "created_at", 'UTC'), "status", count(*), sum("amount_kobo") FROM "payments" GROUP BY 1, 2;--> statement-breakpoint
CREATE OR REPLACE FUNCTION payments_topup_hours() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO topup_hour_changes (hour, status, payments, amount_kobo)
      SELECT date_trunc('hour', created_at, 'UTC'), status, count(*), sum(amount_kobo)
        FROM new_payments GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO topup_hour_changes (hour, status, payments, amount_kobo)
      SELECT date_trunc('hour', created_at, 'UTC'), status, -count(*), -sum(amount_kobo)
        FROM old_payments GROUP BY 1, 2;
  ELSE
    -- Most updates (a check's attempt count, a provider answer) move nothing: only rows whose hour, status or
    -- amount changed are counted out of their old place and into the new.
    INSERT INTO topup_hour_changes (hour, status, payments, amount_kobo)
      SELECT hour, status, sum(n), sum(a) FROM (
        SELECT date_trunc('hour', o.created_at, 'UTC') AS hour, o.status, -1 AS n, -o.amount_kobo AS a
          FROM old_payments o JOIN new_payments p ON p.id = o.id
         WHERE (o.created_at, o.status, o.amount_kobo) IS DISTINCT FROM (p.created_at, p.status, p.amount_kobo)
        UNION ALL
        SELECT date_trunc('hour', p.created_at, 'UTC'), p.status, 1, p.amount_kobo
          FROM old_payments o JOIN new_payments p ON p.id = o.id
         WHERE (o.created_at, o.status, o.amount_kobo) IS DISTINCT FROM (p.created_at, p.status, p.amount_kobo)
      ) moved GROUP BY 1, 2;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_topup_hours_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_payments
  FOR EACH STATEMENT EXECUTE FUNCTION payments_topup_hours();--> statement-breakpoint
CREATE TRIGGER payments_topup_hours_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_payments NEW TABLE AS new_payments
  FOR EACH STATEMENT EXECUTE FUNCTION payments_topup_hours();--> statement-breakpoint
CREATE TRIGGER payments_topup_hours_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_payments
  FOR EACH STATEMENT EXECUTE FUNCTION payments_topup_hours();
