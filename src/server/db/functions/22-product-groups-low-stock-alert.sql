-- Queues the low-stock e-mail (and the owner's Telegram alert, 23-enqueue-owner-alert.sql) when a product group's stock count falls to its threshold (trigger from drizzle/0008).
-- The threshold is the console's setting (store_settings, drizzle/0032), 4 before the store has one.
-- The current text (last changed by 0032): change the function here; src/server/db/functions.ts applies it.
CREATE OR REPLACE FUNCTION product_groups_low_stock_alert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  threshold integer;
BEGIN
  -- Only a fall can cross the threshold: a refill or a rename reads no setting.
  IF NEW.stock_count >= OLD.stock_count OR NOT NEW.is_active THEN
    RETURN NEW;
  END IF;
  threshold := coalesce((SELECT low_stock_threshold FROM store_settings WHERE id = 1), 4);
  IF OLD.stock_count > threshold AND NEW.stock_count <= threshold AND NEW.is_active THEN
    INSERT INTO email_outbox (kind, to_address, subject, text_body, user_id)
    SELECT 'low_stock_alert', u.email,
           'Low stock: ' || NEW.name || ' (' || NEW.stock_count || ' left)',
           'Hello,' || E'\n\n' || 'The product template "' || NEW.name || '" is down to ' || NEW.stock_count ||
           ' available account' || CASE WHEN NEW.stock_count = 1 THEN '' ELSE 's' END || '.' || E'\n' ||
           'Add stock from the admin console (Bulk Upload or Add Product) before it sells out.' || E'\n\n' ||
           'You get this e-mail once each time the template drops to ' || threshold || ' or fewer.',
           u.id
    FROM users u WHERE u.is_admin;
    PERFORM enqueue_owner_alert('low_stock', jsonb_build_object('product', NEW.name, 'left', NEW.stock_count));
  END IF;
  RETURN NEW;
END $$;
