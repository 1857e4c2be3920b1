-- custom SQL (keep when regenerating)
-- Folds several groups' committed purchases in one call and one transaction (issue 16, docs/decisions/011
-- "Session 10"): a process folds every group its waiting buyers bought from in one round, instead of one round
-- per group, so ten busy groups cost about as many folds as one. Each group is folded exactly as
-- refresh_stock_count() does it (row lock, then delete and update in one statement); the groups are taken in id
-- order, so two processes folding overlapping sets lock the rows in the same order and never deadlock. The
-- catalogue notification is sent once per transaction (PostgreSQL folds identical notifications).
CREATE OR REPLACE FUNCTION refresh_stock_counts(p_groups uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_group uuid;
BEGIN
  FOR v_group IN SELECT DISTINCT g FROM unnest(p_groups) g ORDER BY 1 LOOP
    PERFORM refresh_stock_count(v_group);
  END LOOP;
END $$;
