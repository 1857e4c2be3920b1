-- Queues an owner alert (modules/alerts) in the caller's transaction, unless the owner switched its kind off in the
-- console (owner_alert_settings). Called by the triggers below and by 22 (low stock); the worker sends it.
-- A failing e-mail joins the one such alert still waiting (owner_alerts_coalesce_key): an outage is one message.
CREATE OR REPLACE FUNCTION enqueue_owner_alert(p_kind text, p_details jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM owner_alert_settings WHERE id = 1 AND p_kind = ANY (disabled_kinds)) THEN
    RETURN;
  END IF;
  IF p_kind = 'email_failing' THEN
    INSERT INTO owner_alerts (kind, details) VALUES (p_kind, p_details || '{"count": 1}'::jsonb)
    ON CONFLICT (kind) WHERE status = 'pending' AND kind = 'email_failing'
    DO UPDATE SET details = excluded.details ||
      jsonb_build_object('count', coalesce((owner_alerts.details ->> 'count')::int, 1) + 1);
  ELSE
    INSERT INTO owner_alerts (kind, details) VALUES (p_kind, p_details);
  END IF;
END $$;
