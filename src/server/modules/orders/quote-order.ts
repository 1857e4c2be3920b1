// The checkout's quote: what purchase_order() would charge for this order now, from the same SQL
// (db/functions/42-quote-order.sql calls price_order(), which the purchase calls), so the screen and the charge
// cannot disagree. A code that does not apply is refused with the purchase's own error.
import { sql } from 'drizzle-orm';
import { orderMessages } from '../../../shared/orders.ts';
import {
  PROMO_REFUSAL_OUTCOMES,
  type PromoRefusal,
  type Quote,
  type quoteInputSchema,
} from '../../../shared/promotions.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { consumeLimit } from '../../http/rate-limit.ts';
import { readOrderQuantityLimits } from '../catalogue/read-order-quantity-limits.ts';
import { promoRefusal } from '../promotions/promo-refusal.ts';

const QUOTES_WITH_A_CODE_PER_10_MIN = 30;

type Row = {
  outcome: 'ok' | 'not_found' | 'quantity_not_allowed' | PromoRefusal;
  list_price_kobo: string;
  unit_price_kobo: string;
  list_amount_kobo: string;
  subtotal_kobo: string;
  discount_kobo: string;
  amount_kobo: string;
};

export async function quoteOrder(
  db: Db,
  userId: string,
  input: z.output<typeof quoteInputSchema>,
): Promise<Quote> {
  const code = input.promoCode ?? null;
  // Codes are guessed one quote at a time: a customer gets a few dozen tries, not a dictionary.
  if (code !== null)
    await consumeLimit(
      db,
      { bucket: `promo-quote:${userId}`, max: QUOTES_WITH_A_CODE_PER_10_MIN, windowMs: 600_000 },
      'Too many promo code tries. Please wait a few minutes.',
    );
  const { rows } = await db.execute<Row>(
    sql`select * from quote_order(${userId}::uuid, ${input.productGroupId}::uuid, ${input.quantity}::int, ${code}::text)`,
  );
  const row = rows[0]!;
  if (row.outcome === 'not_found') throw notFound(orderMessages.productNotFound);
  if (row.outcome === 'quantity_not_allowed')
    throw new AppError(
      'QUANTITY_NOT_ALLOWED',
      400,
      orderMessages.quantityLimits(await readOrderQuantityLimits(db, input.productGroupId)),
    );
  if ((PROMO_REFUSAL_OUTCOMES as string[]).includes(row.outcome))
    throw await promoRefusal(db, row.outcome as PromoRefusal, code ?? '');
  return {
    listPriceKobo: Number(row.list_price_kobo),
    unitPriceKobo: Number(row.unit_price_kobo),
    quantity: input.quantity,
    listAmountKobo: Number(row.list_amount_kobo),
    subtotalKobo: Number(row.subtotal_kobo),
    discountKobo: Number(row.discount_kobo),
    totalKobo: Number(row.amount_kobo),
    promoCode: code,
  };
}
