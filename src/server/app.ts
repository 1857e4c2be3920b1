// buildApp(deps): the whole HTTP app, built the same way for main.ts and for the tests.
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerAccessControl } from './http/access.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerSpa } from './http/spa.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  /** pino options or a ready logger; tests pass their own to capture or silence logs. */
  logger?: FastifyServerOptions['loggerInstance'] | FastifyServerOptions['logger'];
  clientDir?: string;
};

const defaultClientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');

export const BODY_LIMIT_BYTES = 1024 * 1024;

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token'],
      censor: '[redacted]',
    },
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const logger = deps.logger ?? loggerOptions(config);
  const app = Fastify({
    ...(isLoggerInstance(logger) ? { loggerInstance: logger } : { logger }),
    genReqId: () => crypto.randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.isProduction,
    routerOptions: { ignoreTrailingSlash: true },
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, config.isProduction);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  registerAccessControl(app, async () => {});

  healthRoutes(app, { db: database.db });
  siteRoutes(app, { config });

  await registerSpa(app, deps.clientDir ?? defaultClientDir);
  return app;
}

function isLoggerInstance(l: AppDeps['logger']): l is NonNullable<FastifyServerOptions['loggerInstance']> {
  return typeof l === 'object' && l !== null && typeof (l as { child?: unknown }).child === 'function';
}
