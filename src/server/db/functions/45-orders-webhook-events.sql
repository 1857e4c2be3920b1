-- Queues the order.completed webhook of every order that a statement inserted, for each endpoint of its buyer that
-- asked for it, in the purchase's own transaction: the delivery exists exactly when the order committed (trigger
-- from drizzle/0027; docs/decisions/024-signed-webhooks.md). The rows are built by webhook_deliveries_of()
-- (44-webhook-deliveries-of.sql, inlined here), as for every other event. One statement-level call per INSERT, so
-- a batch of purchases (41-purchase-orders.sql) pays one join, and a buyer without endpoints costs one index probe.
CREATE OR REPLACE FUNCTION orders_webhook_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (endpoint_id, user_id, event, event_id, subject_id)
  SELECT d.*
    FROM new_orders o
   CROSS JOIN LATERAL webhook_deliveries_of('order.completed', o.user_id, o.id) d
   WHERE o.status = 'completed'
  ON CONFLICT (endpoint_id, event_id) DO NOTHING;
  RETURN NULL;
END $$;
