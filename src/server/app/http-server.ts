// The HTTP server itself: Fastify with its limits and timeouts, and the layers every request passes (errors,
// response schemas, request ids, drain, security headers, compression, cookies, same-origin, access, input).
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { registerAccessControl } from '../http/access.ts';
import { createApiKeyLoader } from '../modules/auth/api-keys/resolve-api-key.ts';
import { registerErrorHandler } from '../http/errors.ts';
import { registerResponseSchemas } from '../http/response-schemas.ts';
import { registerSecurityHeaders } from '../http/security.ts';
import { trustProxyOption } from '../http/trust-proxy.ts';
import { registerRequestIdHeader, requestIdFor } from '../http/request-id.ts';
import { registerDrain } from '../http/drain.ts';
import { registerSameOriginGuard } from '../http/same-origin.ts';
import { registerInputHygiene } from '../http/validate.ts';
import { createSessionLoader } from '../modules/auth/sessions.ts';
import { assertSteppedUp } from '../modules/auth/two-factor/step-up.ts';
import { registerAfterAnswer } from '../http/after-answer.ts';
import type { AppDeps } from '../app.ts';
import { isLoggerInstance, loggerOptions } from './logger.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export async function createHttpServer(deps: AppDeps) {
  const { config, database } = deps;
  const logger = deps.logger ?? loggerOptions(config);
  const app = Fastify({
    ...(isLoggerInstance(logger) ? { loggerInstance: logger } : { logger }),
    genReqId: requestIdFor,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    // A client that sends a few bytes and stops is cut off (config.ts says which limit is for what). Node checks
    // the headers and request deadlines every connectionsCheckingInterval, so that runs every second.
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: 1000,
    },
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    // Only the configured proxies' X-Forwarded-For is believed: req.ip (and every per-IP limit) is the address they vouch for.
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
  });

  registerErrorHandler(app);
  registerResponseSchemas(app);
  registerRequestIdHeader(app);
  registerDrain(app);
  registerAfterAnswer(app);
  await registerSecurityHeaders(app, config.isProduction);
  // Brotli first (the plugin prefers zstd, which browsers now accept), at quality 5, not the plugin's 4: /products's
  // document is 12.6 KB, against 14.2 KB in zstd and 14.4 KB at brotli 4, for 0.2 ms more; what fits a new
  // connection's first 14 KB arrives a round trip sooner on a slow link (issue 52).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'zstd', 'gzip', 'deflate', 'identity'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(cookie);
  registerSameOriginGuard(app, config.publicUrl);
  const loadSession = createSessionLoader(database.db, config);
  registerAccessControl(app, loadSession, {
    adminsNeedTwoFactor: config.adminsNeedTwoFactor,
    assertSteppedUp: (user, tokenHash) => assertSteppedUp(database.db, user, tokenHash),
    loadApiKey: createApiKeyLoader(database.db, config.API_KEY_REQUESTS_PER_MINUTE),
  });
  registerInputHygiene(app);
  return { app, loadSession };
}
