// Every /api route declares its answers in Fastify's schema.response (docs/code-map.md, "One way to write a route"): its
// success status with a zod schema the serializer checks and that converts to JSON Schema (the documentation),
// and the one error answer for 4xx and 5xx. File and text answers (the CSV exports, the credentials download,
// Prometheus metrics) declare their content type with a string schema: Fastify sends strings and streams as they
// are, so for them the declaration documents what is sent and checks nothing.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorBodySchema } from '../../shared/errors.ts';
import { createTestApp } from '../test/test-app.ts';
import { registerErrorHandler } from './errors.ts';
import { answers, registerResponseSchemas, successAnswers } from './response-schemas.ts';

const { app } = await createTestApp();
const routes = app.apiRoutes.map((r) => ({
  route: `${r.method} ${r.url}`,
  response: app.apiResponseSchemas.get(`${r.method} ${r.url}`) as Record<string, unknown>,
}));

/** The zod schemas of one declared answer: itself, or one per content type. */
function schemasOf(declared: unknown): unknown[] {
  const content = (declared as { content?: Record<string, { schema: unknown }> }).content;
  return content && !(declared instanceof z.ZodType)
    ? Object.values(content).map((c) => c.schema)
    : [declared];
}

it('walks every /api route', () => {
  expect(routes.length).toBeGreaterThan(60);
});

describe.each(routes)('$route', ({ response }) => {
  it('declares its success answer with a zod schema that converts to JSON Schema', () => {
    const success = successAnswers(response);
    expect(success, 'a 2xx entry in schema.response').not.toEqual([]);
    for (const status of success) {
      for (const schema of schemasOf(response[status])) {
        expect(schema).toBeInstanceOf(z.ZodType);
        expect(() => z.toJSONSchema(schema as z.ZodType, { io: 'output' })).not.toThrow();
      }
    }
  });

  it('answers errors in the one error shape', () => {
    expect(response['4xx']).toBe(apiErrorBodySchema);
    expect(response['5xx']).toBe(apiErrorBodySchema);
  });
});

describe('the serializer', async () => {
  const probe = Fastify();
  registerErrorHandler(probe);
  registerResponseSchemas(probe);
  const thing = z.object({ id: z.string(), count: z.number().int() });
  const answer = (url: string, body: unknown) =>
    probe.get(url, { config: { access: 'public' }, ...answers({ 200: thing }) }, async () => body);
  answer('/api/extra', { id: 'a', count: 1, secret: 'never sent' });
  answer('/api/wrong', { id: 'a', count: '1' });
  probe.get('/api/missing', { config: { access: 'public' }, ...answers({ 200: thing }) }, () => {
    throw Object.assign(new Error('gone'), { statusCode: 404 });
  });
  await probe.ready();

  it('sends only the declared fields', async () => {
    const res = await probe.inject({ url: '/api/extra' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'a', count: 1 });
  });

  it('answers 500 (our fault, not the caller’s) when an answer does not match its schema', async () => {
    const res = await probe.inject({ url: '/api/wrong' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: expect.any(String) } });
  });

  it('sends error answers through the declared error schema', async () => {
    const res = await probe.inject({ url: '/api/missing' });
    expect(res.statusCode).toBe(404);
    expect(apiErrorBodySchema.parse(res.json())).toEqual(res.json());
  });
});
