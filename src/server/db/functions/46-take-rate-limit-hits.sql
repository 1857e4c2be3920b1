-- The one rate limiter's one step (http/rate-limit.ts): counts p_counts[i] attempts against each bucket's sliding
-- window (at most p_max[i] hits in the last p_window_ms[i]) and records those granted as hits, returning their ids
-- (to give back an attempt that turns out not to count) and, for a bucket that refused some, the milliseconds until
-- its oldest hit leaves the window (the Retry-After). Each bucket's advisory lock is taken first, in the order given
-- (sorted by the caller, so two calls never wait on each other in a cycle), and held until the transaction ends;
-- each count below reads a fresh snapshot (a volatile function), so it already sees the previous holder's hits: a
-- burst of 40 is judged exactly as 40 requests in a row would be. With p_all_or_nothing (one attempt against
-- several limits: a sign-in's account and address), a refusal in any bucket records nothing in all of them.
CREATE OR REPLACE FUNCTION take_rate_limit_hits(p_buckets text[], p_counts int[], p_max int[], p_window_ms int[],
                                                p_all_or_nothing boolean)
RETURNS TABLE (bucket text, granted int, hit_ids uuid[], ms_until_room double precision) LANGUAGE plpgsql AS $$
DECLARE
  n int := coalesce(array_length(p_buckets, 1), 0);
  v_granted int[] := '{}';
  v_ms double precision[] := '{}';
  v_used int;
  v_oldest timestamptz;
  v_refused boolean := false;
BEGIN
  FOR i IN 1 .. n LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('rate:' || p_buckets[i], 0));
  END LOOP;
  FOR i IN 1 .. n LOOP
    SELECT count(*), min(h.created_at) INTO v_used, v_oldest
      FROM rate_limit_hits h
     WHERE h.bucket = p_buckets[i] AND h.created_at > now() - make_interval(secs => p_window_ms[i] / 1000.0);
    v_granted[i] := least(p_counts[i], greatest(0, p_max[i] - v_used));
    v_ms[i] := CASE WHEN v_oldest IS NULL THEN p_window_ms[i]
                    ELSE extract(epoch FROM v_oldest - now()) * 1000 + p_window_ms[i] END;
    v_refused := v_refused OR v_granted[i] < p_counts[i];
  END LOOP;
  FOR i IN 1 .. n LOOP
    bucket := p_buckets[i];
    granted := CASE WHEN p_all_or_nothing AND v_refused THEN 0 ELSE v_granted[i] END;
    hit_ids := '{}';
    IF granted > 0 THEN
      WITH ins AS (INSERT INTO rate_limit_hits (bucket) SELECT p_buckets[i] FROM generate_series(1, granted)
                   RETURNING id)
      SELECT array_agg(id) INTO hit_ids FROM ins;
    END IF;
    ms_until_room := CASE WHEN v_granted[i] < p_counts[i] THEN v_ms[i] END;
    RETURN NEXT;
  END LOOP;
END $$;
