// One webhook POST: to the address resolveDestination checked (the socket is pinned to it through `lookup`, while the
// Host header and TLS name stay the URL's), no redirect followed, a hard deadline, and only the status kept.
import http from 'node:http';
import https from 'node:https';

export type PostOutcome = { statusCode: number | null; error: string | null };

/** How much of an answer is read before the connection is closed: the status is all that counts. */
const MAX_ANSWER_BYTES = 64 * 1024;

export function postWebhook(
  url: URL,
  pinned: { address: string; family: 4 | 6 },
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<PostOutcome> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // Pinned: the connection goes to the checked address whatever the name resolves to now.
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all)
            (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
              pinned,
            ]);
          else callback(null, pinned.address, pinned.family);
        },
        agent: false,
        signal,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        const done = () => resolve({ statusCode: res.statusCode ?? null, error: null });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    req.on('error', (err) => resolve({ statusCode: null, error: err.message.slice(0, 300) }));
    req.end(body);
  });
}
