CREATE TABLE "credentials_key_check" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"sealed" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credentials_key_check_single_row" CHECK ("credentials_key_check"."id" = 1)
);
