// Admin API for promo codes: the Promotions tab's list (uses and revenue), create, end now.
import type { FastifyInstance } from 'fastify';
import { okMessageSchema } from '../../../shared/answer-parts.ts';
import {
  adminPromoCodeListSchema,
  promoCodeInputSchema,
  promoMessages,
  type AdminPromoCodeList,
} from '../../../shared/promotions.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { parseId } from '../../http/params.ts';
import { answers } from '../../http/response-schemas.ts';
import { parseInput } from '../../http/validate.ts';
import { createPromoCode, endPromoCode } from './edit-promo-codes.ts';
import { readPromoCodes } from './read-promo-codes.ts';

export function promotionRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.get(
    '/api/admin/promo-codes',
    { config: { access: 'admin' }, ...answers({ 200: adminPromoCodeListSchema }) },
    async (): Promise<AdminPromoCodeList> => ({ promoCodes: await readPromoCodes(db) }),
  );

  app.post(
    '/api/admin/promo-codes',
    { config: { access: 'admin' }, ...answers({ 201: okMessageSchema }) },
    async (req, reply) => {
      const input = parseInput(promoCodeInputSchema, req.body);
      await createPromoCode(db, currentUser(req), input);
      reply.status(201);
      return { ok: true as const, message: promoMessages.created };
    },
  );

  app.post(
    '/api/admin/promo-codes/:id/end',
    { config: { access: 'admin' }, ...answers({ 200: okMessageSchema }) },
    async (req) => {
      await endPromoCode(db, currentUser(req), parseId(req.params, promoMessages.notFound));
      return { ok: true as const, message: promoMessages.ended };
    },
  );
}
