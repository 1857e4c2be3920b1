-- One redemption of a promo code, counted inside the purchase's own transaction (purchase_order(), step 5b): the
-- UPDATE waits for any other purchase holding the code's row and then re-reads it, so with N uses left exactly N
-- purchases pass, however many arrive at once; a purchase that fails later rolls its count back with everything
-- else. False: the code was used up meanwhile.
-- A code without a limit of uses is never written by a purchase: its uses are its orders (counted from them where
-- shown), and promo_codes.uses stays 0. Its row would otherwise be one every purchase with it updates and holds to
-- the commit: the purchases of every process would queue on it, and while any snapshot stays open (a backup, a long
-- report) its dead versions pile up in one chain every look-up walks (docs/decisions/027, "Uses"). A code's limit is
-- set when it is made and never changed (the console only ends a code), so which kind it is cannot change under us.
CREATE OR REPLACE FUNCTION redeem_promo_code(p_promo_code uuid) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE promo_codes SET uses = uses + 1
   WHERE id = p_promo_code AND max_uses IS NOT NULL AND uses < max_uses;
  RETURN FOUND OR EXISTS (SELECT 1 FROM promo_codes WHERE id = p_promo_code AND max_uses IS NULL);
END $$;
