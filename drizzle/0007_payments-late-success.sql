CREATE TABLE "payment_webhooks" (
	"provider" text PRIMARY KEY NOT NULL,
	"last_received_at" timestamp with time zone NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_late_check_idx" ON "payments" USING btree ("next_check_at") WHERE "payments"."status" in ('failed', 'expired') and "payments"."provider_reference" is not null;