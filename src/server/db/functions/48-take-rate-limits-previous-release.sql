-- The previous release's API-key limit (fixed windows in rate_limit_windows): the processes still running it during
-- an upgrade (docs/deploy.md §9) call it; the current release counts every limit with take_rate_limit_hits()
-- (46-take-rate-limit-hits.sql). Drop it and rate_limit_windows (a migration, and this file) once no release that
-- calls it runs.
-- Counts a batch of requests against their windowed limits in one call (http/rate-limit.ts, createWindowedLimiter):
-- for each bucket, in the order given (sorted by the caller, so two batches never wait on each other in a cycle),
-- the row is taken (locked until this statement's transaction ends), its window restarted if it is over, and up to
-- p_counts[i] requests granted while the window has room. A burst is therefore judged as if one request at a time:
-- a batch holding 40 requests of one key grants exactly what 40 requests in a row would. The table is UNLOGGED.
CREATE OR REPLACE FUNCTION take_rate_limits(p_buckets text[], p_counts int[], p_max int[], p_window_ms int[])
RETURNS TABLE (bucket text, granted int) LANGUAGE plpgsql AS $$
DECLARE
  v_used int;
  v_granted int;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_buckets, 1), 0) LOOP
    INSERT INTO rate_limit_windows AS w (bucket, used, window_started_at) VALUES (p_buckets[i], 0, now())
    ON CONFLICT ON CONSTRAINT rate_limit_windows_pkey DO UPDATE SET
      used = CASE WHEN w.window_started_at <= now() - make_interval(secs => p_window_ms[i] / 1000.0) THEN 0
                  ELSE w.used END,
      window_started_at = CASE WHEN w.window_started_at <= now() - make_interval(secs => p_window_ms[i] / 1000.0)
                               THEN now() ELSE w.window_started_at END
    RETURNING w.used INTO v_used;
    v_granted := least(p_counts[i], greatest(0, p_max[i] - v_used));
    IF v_granted > 0 THEN
      UPDATE rate_limit_windows AS w SET used = w.used + v_granted WHERE w.bucket = p_buckets[i];
    END IF;
    bucket := p_buckets[i];
    granted := v_granted;
    RETURN NEXT;
  END LOOP;
END $$;
