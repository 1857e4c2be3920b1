-- Every change to categories or product groups (stock counts included) notifies 'catalogue_changed' at
-- commit, so each app process can drop its cached public catalogue (see catalogue/catalogue-cache.ts).
CREATE OR REPLACE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_groups_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_groups
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER categories_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
