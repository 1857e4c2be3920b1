-- The one place a webhook delivery's row is built: one row per endpoint of the customer that asked for the event,
-- its id md5(event || ':' || subject)::uuid (as webhookEventId() in modules/webhooks/enqueue-webhook-event.ts
-- computes it for the body). Both ways in insert its rows in the transaction of the change that causes them: the
-- orders' trigger (45-orders-webhook-events.sql), set-based over a statement's orders, and enqueueWebhookEvent()
-- (a top-up's credit, a report's resolution). A plain SQL function with one SELECT, so the planner inlines it
-- into the caller's statement: the purchase pays no call (a function that did the INSERT itself cost each
-- purchase 2.4 % more instructions, scripts/bench/purchase-instructions.sh).
CREATE OR REPLACE FUNCTION webhook_deliveries_of(p_event text, p_user_id uuid, p_subject_id uuid)
RETURNS TABLE (endpoint_id uuid, user_id uuid, event text, event_id uuid, subject_id uuid)
LANGUAGE sql STABLE AS $$
  SELECT e.id, p_user_id, p_event, md5(p_event || ':' || p_subject_id::text)::uuid, p_subject_id
    FROM webhook_endpoints e
   WHERE e.user_id = p_user_id AND p_event = ANY (e.events)
$$;
