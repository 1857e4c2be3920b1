CREATE TABLE "topup_days" (
	"day" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"payments" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	CONSTRAINT "topup_days_day_status_pk" PRIMARY KEY("day","status")
);
--> statement-breakpoint
-- The days of the hours folded so far, under the fold's lock (a fold running now finishes first; one starting now
-- skips): from here on fold_topup_hours() (src/server/db/functions/52) adds each change to its day as well.
SELECT pg_advisory_xact_lock(hashtext('fold_topup_hours'));--> statement-breakpoint
INSERT INTO "topup_days" ("day", "status", "payments", "amount_kobo")
  SELECT date_trunc('day', "hour", 'Africa/Lagos'), "status", sum("payments"), sum("amount_kobo")
    FROM "topup_hours" GROUP BY 1, 2;
