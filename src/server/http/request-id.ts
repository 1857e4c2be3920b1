// X-Request-Id: every answer carries the id its log lines carry; a well-formed incoming id (from a proxy or a
// client retrying) is kept so one request can be followed across hops, anything else is replaced.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const WELL_FORMED = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's genReqId: the incoming header when well-formed (one value, 1–64 of [A-Za-z0-9._-]), else a UUID. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && WELL_FORMED.test(incoming)
    ? incoming
    : crypto.randomUUID();
}

/** Echoes the id on every response, errors and 404s included (set before any handler can answer). */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
}
