// The admin's promo codes: create one, or end one now (a code that was used stays, with its orders; one never used
// ends the same way, so the Promotions tab keeps the whole history). Each change and its audit line in one transaction.
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { promoMessages, type promoCodeInputSchema } from '../../../shared/promotions.ts';
import type { Db } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { promoCodes } from './promotions.tables.ts';

type PromoCodeInput = z.output<typeof promoCodeInputSchema>;

export async function createPromoCode(
  db: Db,
  actor: AuditActor,
  input: PromoCodeInput,
): Promise<string> {
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(promoCodes)
        .values({
          code: input.code,
          kind: input.kind,
          percentOff: input.percentOff,
          amountOffKobo: input.amountOffKobo,
          scope: input.scope,
          categoryId: input.categoryId,
          productGroupId: input.productGroupId,
          startsAt: input.startsAt ? new Date(input.startsAt) : sql`now()`,
          endsAt: input.endsAt ? new Date(input.endsAt) : null,
          maxUses: input.maxUses,
          maxUsesPerCustomer: input.maxUsesPerCustomer,
          minOrderKobo: input.minOrderKobo,
        })
        .returning({ id: promoCodes.id });
      await recordAudit(tx, actor, 'promo_code.create', { type: 'promo_code', id: row!.id }, input);
      return row!.id;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict(promoMessages.codeTaken);
      // The category or template named is not there (its foreign key is the check, ADR 019).
      if (isForeignKeyViolation(err)) throw badRequest(promoMessages.scopeTarget);
      throw err;
    });
}

/** Ends a code now: purchases from this moment are refused it ('promo_expired'). */
export async function endPromoCode(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(promoCodes)
      // A code not started yet ends at its start (the window stays valid: end after start, CHECK).
      .set({ endsAt: sql`greatest(now(), ${promoCodes.startsAt} + interval '1 microsecond')` })
      .where(
        and(
          eq(promoCodes.id, id),
          or(isNull(promoCodes.endsAt), gt(promoCodes.endsAt, sql`now()`)),
        ),
      )
      .returning({ id: promoCodes.id });
    if (!ended.length) {
      const [exists] = await tx
        .select({ id: promoCodes.id })
        .from(promoCodes)
        .where(eq(promoCodes.id, id));
      if (!exists) throw notFound(promoMessages.notFound);
      return;
    }
    await recordAudit(tx, actor, 'promo_code.end', { type: 'promo_code', id }, {});
  });
}
