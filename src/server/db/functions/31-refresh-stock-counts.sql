-- Folds several groups' committed purchases in one call and one transaction: each group exactly as
-- refresh_stock_count() does it, the groups in id order, so two processes folding overlapping sets never deadlock.
-- The catalogue notification is sent once per transaction (PostgreSQL folds identical notifications).
-- The current text (last changed by 0015): change the function here; src/server/db/functions.ts applies it.
CREATE OR REPLACE FUNCTION refresh_stock_counts(p_groups uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_group uuid;
BEGIN
  FOR v_group IN SELECT DISTINCT g FROM unnest(p_groups) g ORDER BY 1 LOOP
    PERFORM refresh_stock_count(v_group);
  END LOOP;
END $$;
