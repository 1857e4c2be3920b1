// The open loop's plain-socket client against a real Fastify server: it must read every answer whole (by length,
// chunked, empty), reuse its connections, and report a connection the server dropped as a failed request.
import Fastify from 'fastify';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rawHttpClient } from './raw-http.ts';

const app = Fastify({ forceCloseConnections: true });
const connections = new Set<unknown>();
app.server.on('connection', (socket) => connections.add(socket));
app.post('/echo', async (req, reply) =>
  reply.code(201).send({ got: req.body, key: req.headers['idempotency-key'] }),
);
app.get('/refused', async (_req, reply) =>
  reply.code(409).send({ message: 'Only 0 accounts available' }),
);
app.get('/chunked', async (_req, reply) =>
  reply.code(500).send(Readable.from(['first part, ', 'second part'])),
);
app.get('/empty', async (_req, reply) => reply.code(204).send());
app.get('/drop', (req, reply) => {
  reply.hijack();
  req.socket.destroy();
});
let port = 0;

beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => app.close());

describe('the open loop client', () => {
  it('reads each answer whole: the status of a success, the body of a failure, by length or chunked', async () => {
    const client = rawHttpClient(port);
    await client.connect(2);
    const body = JSON.stringify({ productGroupId: 'g', quantity: 1, note: 'naira ₦ and more' });
    const answers = await Promise.all([
      client.send(
        {
          method: 'POST',
          path: '/echo',
          headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' },
          body,
        },
        201,
      ),
      client.send({ method: 'GET', path: '/refused' }, 201),
      client.send({ method: 'GET', path: '/chunked' }, 201),
      client.send({ method: 'GET', path: '/empty' }, 204),
    ]);
    expect(answers[0]).toEqual({ status: 201 });
    expect(answers[1]!.status).toBe(409);
    expect(JSON.parse(answers[1]!.body!)).toEqual({ message: 'Only 0 accounts available' });
    expect(answers[2]!.status).toBe(500);
    expect(answers[2]!.body).toContain('second part');
    expect(answers[3]).toEqual({ status: 204 });
    // A success's body is not kept, but it was read whole: the next request on that connection gets its own answer.
    const echoed = await client.send(
      { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body },
      200,
    );
    expect(echoed.status).toBe(201);
    expect(JSON.parse(echoed.body!)).toEqual({ got: JSON.parse(body) });
    client.close();
  });

  it('opens its connections before the run and reuses them', async () => {
    connections.clear();
    const client = rawHttpClient(port);
    await client.connect(3);
    await vi.waitFor(() => expect(connections.size).toBe(3));
    for (let i = 0; i < 20; i++) {
      const answers = await Promise.all(
        [1, 2, 3].map(() => client.send({ method: 'GET', path: '/empty' }, 204)),
      );
      expect(answers).toEqual([{ status: 204 }, { status: 204 }, { status: 204 }]);
    }
    expect(connections.size).toBe(3);
    client.close();
  });

  it('answers a dropped connection as a failed request and goes on with a new one', async () => {
    const client = rawHttpClient(port);
    await client.connect(1);
    const dropped = await client.send({ method: 'GET', path: '/drop' }, 200);
    expect(dropped.status).toBe('error');
    expect(await client.send({ method: 'GET', path: '/empty' }, 204)).toEqual({ status: 204 });
    client.close();
  });

  it('answers a server that is not there as failed requests, without hanging', async () => {
    const closed = Fastify();
    await closed.listen({ port: 0, host: '127.0.0.1' });
    const address = closed.server.address();
    const gone = typeof address === 'object' && address ? address.port : 0;
    await closed.close();
    const client = rawHttpClient(gone);
    await client.connect(2);
    expect(await client.send({ method: 'GET', path: '/empty' }, 204)).toMatchObject({
      status: 'error',
    });
    client.close();
  });
});
