// GET /api/health: 200 while the database answers, 503 when it does not, and 503 "draining" from the
// moment shutdown starts (so a load balancer stops sending work before the listener closes).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { errorBody } from '../../http/errors.ts';
import { pingDatabase } from './ping-database.ts';
import { answers } from '../../http/response-schemas.ts';
import { apiErrorBodySchema } from '../../../shared/errors.ts';
import { z } from 'zod';

/** 200 {status: 'ok', database: 'up'}; 503 {status: 'draining'} while shutting down, else the error answer. */
const healthSchema = z.union([
  z.object({ status: z.literal('ok'), database: z.literal('up') }),
  z.object({ status: z.literal('draining') }),
]);

export function healthRoutes(
  app: FastifyInstance,
  { db, isDraining }: { db: Db; isDraining: () => boolean },
): void {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      ...answers({ 200: healthSchema, 503: healthSchema.or(apiErrorBodySchema) }),
      logLevel: 'warn',
    },
    async (req, reply) => {
      if (isDraining()) return reply.status(503).send({ status: 'draining' });
      try {
        await pingDatabase(db, 3000);
        return { status: 'ok', database: 'up' };
      } catch (err) {
        req.log.warn({ err }, 'health check: database unreachable');
        return reply
          .status(503)
          .send(errorBody('DATABASE_UNAVAILABLE', 'Failed to connect to database'));
      }
    },
  );
}
