-- Tells every store process that the store's settings changed, so each reads them again (docs/decisions/030). The
-- trigger that calls it is created by drizzle/0032.
-- The current text (last changed by 0032): change the function here; src/server/db/functions.ts applies it.
CREATE OR REPLACE FUNCTION notify_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('settings_changed', '');
  RETURN NULL;
END;
$$;
