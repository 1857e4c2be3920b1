// A promo code the purchase or the quote refused, as the API's error: its closed code and its words (the minimum
// names its amount, read from the code).
import { eq } from 'drizzle-orm';
import {
  PROMO_REFUSALS,
  promoRefusalMessage,
  type PromoRefusal,
} from '../../../shared/promotions.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { promoCodes } from './promotions.tables.ts';

/** 409 for a code used up (overall or by this customer), 400 for the rest (the request cannot use it as it is). */
const STATUS: Record<PromoRefusal, number> = {
  promo_unknown: 400,
  promo_not_started: 400,
  promo_expired: 400,
  promo_used_up: 409,
  promo_customer_limit: 409,
  promo_minimum_not_met: 400,
  promo_not_applicable: 400,
};

export async function promoRefusal(db: Db, outcome: PromoRefusal, code: string): Promise<AppError> {
  let minOrderKobo = 0;
  if (outcome === 'promo_minimum_not_met') {
    const [row] = await db
      .select({ minOrderKobo: promoCodes.minOrderKobo })
      .from(promoCodes)
      .where(eq(promoCodes.code, code.toUpperCase()));
    minOrderKobo = row?.minOrderKobo ?? 0;
  }
  return new AppError(
    PROMO_REFUSALS[outcome],
    STATUS[outcome],
    promoRefusalMessage(outcome, minOrderKobo),
  );
}
