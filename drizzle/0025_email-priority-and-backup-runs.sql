CREATE TABLE "backup_runs" (
	"kind" text PRIMARY KEY NOT NULL,
	"succeeded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "backup_runs_kind" CHECK ("backup_runs"."kind" in ('logical', 'base'))
);
--> statement-breakpoint
DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("priority","next_attempt_at") WHERE "email_outbox"."status" in ('pending', 'sending');--> statement-breakpoint
-- custom SQL below the generated change (keep when regenerating)
-- backup_runs: written by the backup commands (src/server/maintenance/record-backup-success.ts), read by the metrics.
-- Account e-mails still waiting go ahead of the backlog (src/shared/mail.ts, ACCOUNT_EMAIL_KINDS); new ones get
-- their priority from enqueueEmail. The purchase functions queue credentials e-mails with the default (bulk).
UPDATE "email_outbox" SET "priority" = 0
 WHERE "status" IN ('pending', 'sending')
   AND "kind" IN ('confirm_email', 'reset_password', 'password_changed', 'change_email', 'email_changed');
