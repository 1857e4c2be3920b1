CREATE TABLE "sandbox_checkouts" (
	"transaction_reference" text PRIMARY KEY NOT NULL,
	"payment_reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"customer_email" text NOT NULL,
	"customer_name" text NOT NULL,
	"redirect_url" text NOT NULL,
	"description" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_checkouts_status" CHECK ("sandbox_checkouts"."status" in ('PENDING', 'SUCCESSFUL', 'FAILED', 'CANCELLED')),
	CONSTRAINT "sandbox_checkouts_amount_positive" CHECK ("sandbox_checkouts"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_checkouts_payment_reference_key" ON "sandbox_checkouts" USING btree ("payment_reference");