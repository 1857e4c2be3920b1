// The open loop's HTTP client: keep-alive connections over plain sockets, each request written as one string and
// each answer read by its Content-Length, nothing else. The open loop shares the 2-core host with the server and
// PostgreSQL, and node:http's client cost 0.16 ms of CPU per request there (0.2-0.3 cores at 1,600 purchases/s,
// a sixth of the machine, where pgbench -R, the baseline, uses a few hundredths); undici cost as much. This one
// costs a fraction of that (PERFORMANCE-LOG.md, "Session 18"). It speaks only what the bench sends and the store
// answers: HTTP/1.1, one request at a time per connection, a body by Content-Length or chunked.
import net from 'node:net';
import type { Answer, LoadRequest } from './load.ts';

type Raw = { status: number | 'error'; body: Buffer | string };

const HEADER_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('0\r\n\r\n');

class Connection {
  private readonly socket: net.Socket;
  private chunks: Buffer[] = [];
  private size = 0;
  private pending: ((answer: Raw) => void) | null = null;
  closed = false;

  readonly connected: Promise<void>;

  constructor(port: number, onClose: (c: Connection) => void) {
    this.socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
    // Settled either way: a connection that could not be made is closed, and connect() leaves it out.
    this.connected = new Promise((resolve) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('close', () => resolve());
    });
    this.socket.on('data', (data: Buffer) => this.read(data));
    const fail = (message: string) => {
      this.closed = true;
      onClose(this);
      this.finish({ status: 'error', body: message });
    };
    this.socket.on('error', (err) => fail(err.message));
    this.socket.on('close', () => fail('connection closed'));
  }

  send(text: string, done: (answer: Raw) => void): void {
    this.pending = done;
    this.socket.write(text);
  }

  destroy(): void {
    this.socket.destroy();
  }

  private finish(answer: Raw): void {
    const done = this.pending;
    this.pending = null;
    this.chunks = [];
    this.size = 0;
    done?.(answer);
  }

  /** Waits until the whole answer is in (headers, then the body by length or to the last chunk). */
  private read(data: Buffer): void {
    this.chunks.push(data);
    this.size += data.length;
    const all = this.chunks.length === 1 ? data : Buffer.concat(this.chunks, this.size);
    this.chunks = [all];
    const headerEnd = all.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = all.toString('latin1', 0, headerEnd);
    const bodyStart = headerEnd + HEADER_END.length;
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    let complete: boolean;
    if (length) complete = all.length >= bodyStart + Number(length[1]);
    else if (/\r\ntransfer-encoding: *chunked/i.test(head))
      complete = all.subarray(all.length - CHUNKED_END.length).equals(CHUNKED_END);
    else complete = true; // no body (204, 304)
    if (!complete) return;
    this.finish({ status: Number(head.slice(9, 12)), body: all.subarray(bodyStart) });
  }
}

/** Connections to one server, opened as needed (one per request in flight) and reused. */
export function rawHttpClient(port: number) {
  const idle: Connection[] = [];
  const all = new Set<Connection>();
  const host = `Host: 127.0.0.1:${port}\r\n`;
  const forget = (c: Connection) => {
    all.delete(c);
    const i = idle.indexOf(c);
    if (i >= 0) idle.splice(i, 1);
  };
  const open = (): Connection => {
    const c = new Connection(port, forget);
    all.add(c);
    return c;
  };
  return {
    /** Opens n connections before the run, as pgbench connects its clients first: none is set up mid-window. */
    async connect(n: number): Promise<void> {
      const fresh = Array.from({ length: n }, open);
      await Promise.all(fresh.map((c) => c.connected));
      idle.push(...fresh.filter((c) => !c.closed));
    },
    send(req: LoadRequest, okStatus: number): Promise<Answer> {
      let text = `${req.method} ${req.path} HTTP/1.1\r\n${host}`;
      for (const [name, value] of Object.entries(req.headers ?? {}))
        if (value !== undefined) text += `${name}: ${String(value)}\r\n`;
      if (req.body !== undefined) text += `content-length: ${Buffer.byteLength(req.body)}\r\n`;
      text += `\r\n${req.body ?? ''}`;
      const connection = idle.pop() ?? open();
      return new Promise((resolve) =>
        connection.send(text, ({ status, body }) => {
          if (!connection.closed) idle.push(connection);
          // The body is read only from a failure (for its sample), as load.ts's send() does.
          resolve(status === okStatus ? { status } : { status, body: body.toString() });
        }),
      );
    },
    close(): void {
      for (const c of all) c.destroy();
      all.clear();
      idle.length = 0;
    },
  };
}
