// The log: pino's options (secrets redacted, URLs that carry a token masked) and whether a ready logger was given.
import { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { AppDeps } from '../app.ts';
import type { Config } from '../config.ts';

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: { req: requestSerializer(config.PAYMENT_WEBHOOK_TOKEN) },
  };
}

/**
 * Fastify's request serializer, except that no secret carried in a URL reaches the log: the webhook route is
 * logged as its pattern, its token is masked in any other path that carries it (a client sending it to the
 * wrong route, a prober pasting it everywhere), and so are the one-time tokens of the e-mail links
 * (`token_hash` of the confirmation link, `token` of the reset and e-mail-change links), which the browser
 * requests as pages.
 */
function requestSerializer(webhookToken: string | undefined) {
  const forms = webhookToken ? [...new Set([webhookToken, encodeURIComponent(webhookToken)])] : [];
  const mask = (url: string) =>
    forms
      .reduce((masked, form) => masked.replaceAll(form, '[redacted]'), url)
      .replace(/([?&]token(?:_hash)?=)[^&#]*/g, '$1[redacted]');
  return (req: FastifyRequest) => {
    const pattern = req.routeOptions?.url;
    return {
      method: req.method,
      url: pattern?.includes(':token') ? pattern : mask(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  };
}

export function isLoggerInstance(
  l: AppDeps['logger'],
): l is NonNullable<FastifyServerOptions['loggerInstance']> {
  return (
    typeof l === 'object' && l !== null && typeof (l as { child?: unknown }).child === 'function'
  );
}
