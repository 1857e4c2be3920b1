CREATE TABLE "sales_days" (
	"day" timestamp with time zone NOT NULL,
	"product_group_id" uuid NOT NULL,
	"orders" integer NOT NULL,
	"units" integer NOT NULL,
	"revenue_kobo" bigint NOT NULL,
	CONSTRAINT "sales_days_day_product_group_id_pk" PRIMARY KEY("day","product_group_id")
);
--> statement-breakpoint
-- The days of the hours rolled so far, under the rollup's lock (a roll running now finishes first); from here on
-- roll_sales_hours() (src/server/db/functions/50) adds each hour it closes to its day.
SELECT 1 FROM "sales_rollup" WHERE "id" = 1 FOR UPDATE;--> statement-breakpoint
INSERT INTO "sales_days" ("day", "product_group_id", "orders", "units", "revenue_kobo")
  SELECT date_trunc('day', "hour", 'Africa/Lagos'), "product_group_id", sum("orders"), sum("units"), sum("revenue_kobo")
    FROM "sales_hours" GROUP BY 1, 2;
