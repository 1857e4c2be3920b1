CREATE TABLE "admin_addresses" (
	"email" "lowercase_email" PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Low stock reaches every admin: those marked in the database and those of ADMIN_EMAILS (copied into
-- admin_addresses at start), once each, only at a confirmed address. Otherwise as in 0008_after-sale.sql.
CREATE OR REPLACE FUNCTION product_groups_low_stock_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.stock_count > 4 AND NEW.stock_count <= 4 AND NEW.is_active THEN
    INSERT INTO email_outbox (kind, to_address, subject, text_body, user_id)
    SELECT 'low_stock_alert', u.email,
           'Low stock: ' || NEW.name || ' (' || NEW.stock_count || ' left)',
           'Hello,' || E'\n\n' || 'The product template "' || NEW.name || '" is down to ' || NEW.stock_count ||
           ' available account' || CASE WHEN NEW.stock_count = 1 THEN '' ELSE 's' END || '.' || E'\n' ||
           'Add stock from the admin console (Bulk Upload or Add Product) before it sells out.' || E'\n\n' ||
           'You get this e-mail once each time the template drops to 4 or fewer.',
           u.id
    FROM users u
    WHERE u.deleted_at IS NULL
      AND (u.is_admin
           OR (u.email_confirmed_at IS NOT NULL
               AND EXISTS (SELECT 1 FROM admin_addresses a WHERE a.email = u.email)));
  END IF;
  RETURN NEW;
END $$;
