-- Tells every store process that the public catalogue changed (categories or product groups written), so each
-- drops its cached list (docs/decisions/016). The triggers that call it are created by drizzle/0003.
-- The current text (last changed by 0003): change the function here; src/server/db/functions.ts applies it.
CREATE OR REPLACE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END;
$$;
