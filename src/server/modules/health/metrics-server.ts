// METRICS_PORT: the metrics on a separate listener bound to 127.0.0.1, without sign-in, for a Prometheus on the
// same machine (or a sidecar); the public port keeps them admin-only.
import http from 'node:http';
import { METRICS_CONTENT_TYPE } from './metrics.ts';

export async function startMetricsServer(
  render: () => Promise<string>,
  port: number,
  onError: (err: unknown) => void,
): Promise<() => Promise<void>> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: try /metrics\n');
      return;
    }
    render().then(
      (text) => res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
      (err: unknown) => {
        onError(err);
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
