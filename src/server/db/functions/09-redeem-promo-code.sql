-- One redemption of a promo code, counted inside the purchase's own transaction (purchase_order(), step 5b): the
-- UPDATE waits for any other purchase holding the code's row and then re-reads it, so with N uses left exactly N
-- purchases pass, however many arrive at once; a purchase that fails later rolls its count back with everything
-- else. False: the code was used up meanwhile.
CREATE OR REPLACE FUNCTION redeem_promo_code(p_promo_code uuid) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE promo_codes SET uses = uses + 1
   WHERE id = p_promo_code AND (max_uses IS NULL OR uses < max_uses);
  RETURN FOUND;
END $$;
