// Slow senders: a client that sends a few bytes and stops, or trickles a body forever, is cut off by the
// server's own deadlines (config.ts: HTTP_*_TIMEOUT_MS), while a slow but steady request still gets its answer.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

// Node checks the headers and request deadlines once a second (app.ts), so the idle deadline is set apart from
// them: each test can tell which one closed its connection.
const { app } = await createTestApp({
  env: {
    HTTP_HEADERS_TIMEOUT_MS: '1000',
    HTTP_REQUEST_TIMEOUT_MS: '5000',
    HTTP_IDLE_TIMEOUT_MS: '3000',
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as net.AddressInfo;

/** Opens a raw connection; `closed` resolves with the ms it stayed open and whatever the server wrote. */
function connect() {
  const socket = net.connect(port, '127.0.0.1');
  const opened = Date.now();
  let received = '';
  socket.on('data', (d) => (received += d.toString()));
  socket.on('error', () => {});
  const closed = new Promise<{ ms: number; received: string }>((resolve) =>
    socket.on('close', () => resolve({ ms: Date.now() - opened, received })),
  );
  return { socket, closed };
}

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<'still open'>((r) => setTimeout(() => r('still open'), ms).unref()),
  ]);

const body = JSON.stringify({
  type: 'general',
  name: 'Ngozi',
  email: 'ngozi@example.com',
  subject: 'Slow line',
  message: 'Sent a few bytes at a time.',
});
const head = (length: number) =>
  `POST /api/inbox/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow senders', () => {
  it('closes a connection whose headers stop half-way, once the headers deadline passes', async () => {
    const { socket, closed } = connect();
    socket.write('POST /api/inbox/contact HTTP/1.1\r\nHost: 127.0');
    const result = await within(closed, 5000);
    expect(result).not.toBe('still open');
    // Node's own answer to a request that missed its deadline: the headers deadline, not the idle one.
    expect((result as { received: string }).received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection whose body stops after a few bytes', async () => {
    const { socket, closed } = connect();
    socket.write(head(body.length) + body.slice(0, 10));
    const result = await within(closed, 8000);
    expect(result).not.toBe('still open');
  });

  it('closes a connection that trickles its body past the request deadline', async () => {
    const { socket, closed } = connect();
    socket.write(head(10_000));
    const drip = setInterval(() => socket.writable && socket.write(' '), 300);
    const result = await within(closed, 9000);
    clearInterval(drip);
    expect(result).not.toBe('still open');
    // Closed by the 5 s request deadline, not by the 3 s idle one: the drip kept the socket busy.
    expect((result as { ms: number }).ms).toBeGreaterThanOrEqual(4900);
    expect((result as { received: string }).received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('still answers a slow but steady sender that finishes within the deadline', async () => {
    const { socket, closed } = connect();
    socket.write(head(body.length));
    for (let i = 0; i < body.length; i += Math.ceil(body.length / 4)) {
      await new Promise((r) => setTimeout(r, 500));
      socket.write(body.slice(i, i + Math.ceil(body.length / 4)));
    }
    await new Promise((r) => setTimeout(r, 300));
    socket.end();
    const result = await within(closed, 5000);
    expect(result).not.toBe('still open');
    expect((result as { received: string }).received).toMatch(/^HTTP\/1\.1 200 /);
  });
});
