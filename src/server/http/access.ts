// Every API route states who may call it (config.access); the server enforces it before the handler runs.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../../shared/access.ts';
import type { ApiKeyScope } from '../../shared/api-keys.ts';
import { twoFactorMessages } from '../../shared/two-factor.ts';
import { AppError } from './errors.ts';

export type { Access };
/** A route's door: an access level of the web app (cookie sessions), or 'api-key' for the reseller API (/api/v1,
 *  a Bearer key with the route's config.apiScope; docs/decisions/023-reseller-api-keys.md). */
export type RouteAccess = Access | 'api-key';

export type SessionUser = {
  id: string;
  email: string;
  fullName: string;
  isAdmin: boolean;
  /** Two-factor sign-in is enrolled (users.totp_enabled_at). */
  twoFactor: boolean;
};

export type ApiRoute = {
  method: string;
  url: string;
  access: RouteAccess;
  /** The scope an 'api-key' route asks of the key. */
  apiScope: ApiKeyScope | null;
  /** Answered from a remembered session: its verb checks the session again (config.sessionCheckedByVerb). */
  sessionCheckedByVerb: boolean;
  /** Asks for a fresh second-factor code (config.stepUp, or implied by revealsCredentials). */
  stepUp: boolean;
  /** Answers with stock credentials of goods (config.revealsCredentials): always behind a fresh step-up. */
  revealsCredentials: boolean;
};

export type AccessRules = {
  /** Production: an admin without two-factor sign-in may call no admin route (only enrol, from /profile). */
  adminsNeedTwoFactor: boolean;
  /** Throws STEP_UP_REQUIRED unless the session proved a fresh code (auth/two-factor/step-up.ts). */
  assertSteppedUp: (user: SessionUser, sessionTokenHash: string | null) => Promise<void>;
  /** Resolves the Bearer key of an 'api-key' route (api-keys/resolve-api-key.ts), or throws 401/403/429. */
  loadApiKey: (req: FastifyRequest, scope: ApiKeyScope) => Promise<void>;
};

/** Where the reseller API lives: only its routes take keys, and they take nothing else. */
export const API_V1_PREFIX = '/api/v1/';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its declared access: the authorization matrix test walks this list. */
    apiRoutes: ApiRoute[];
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** access 'api-key': what the key must be allowed to do. */
    apiScope?: ApiKeyScope;
    /** The route's verb checks the session again inside its own transaction (the purchase), so the session
     *  loader may answer this route from a session it remembers instead of reading it (sessions.ts). */
    sessionCheckedByVerb?: boolean;
    /** The route changes money or reveals secrets: the session must have proved a fresh second-factor code. */
    stepUp?: boolean;
    /** The answer holds stock credentials (an account's password, e-mail password, 2FA code) to anyone but their
     *  buyer: the one guard of every reveal; it implies stepUp (credential-reveal.test.ts walks them). */
    revealsCredentials?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionTokenHash: string | null;
    /** The API key of an 'api-key' route's request. */
    apiKeyId: string | null;
  }
}

export const AUTH_REQUIRED_MESSAGE = 'Please sign in to continue.';

export function registerAccessControl(
  app: FastifyInstance,
  loadSession: (req: FastifyRequest) => Promise<void>,
  rules: AccessRules,
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('apiKeyId', null);

  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (!access)
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    // Keys open /api/v1 and nothing else; /api/v1 opens to keys (or to anyone: its description), never to cookies.
    const v1 = route.url.startsWith(API_V1_PREFIX);
    if (v1 !== (access === 'api-key') && !(v1 && access === 'public'))
      throw new Error(
        `Route ${route.method} ${route.url}: 'api-key' access is for ${API_V1_PREFIX} only`,
      );
    if ((access === 'api-key') !== (route.config?.apiScope !== undefined))
      throw new Error(
        `Route ${route.method} ${route.url}: an 'api-key' route declares its apiScope`,
      );
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        apiRoutes.push({
          method,
          url: route.url,
          access,
          apiScope: route.config?.apiScope ?? null,
          sessionCheckedByVerb: route.config?.sessionCheckedByVerb === true,
          stepUp: route.config?.stepUp === true || route.config?.revealsCredentials === true,
          revealsCredentials: route.config?.revealsCredentials === true,
        });
  });

  app.addHook('preHandler', async (req) => {
    const access = req.routeOptions.config.access;
    if (!access) return;
    // A key route reads no cookie: the caller is the key's owner or nobody.
    if (access === 'api-key') return rules.loadApiKey(req, req.routeOptions.config.apiScope!);
    await loadSession(req);
    if (access === 'public') return;
    if (!req.user) throw new AppError('UNAUTHENTICATED', 401, AUTH_REQUIRED_MESSAGE);
    if (access === 'admin' && !req.user.isAdmin)
      throw new AppError('FORBIDDEN', 403, 'Admins only.');
    if (access === 'customer' && req.user.isAdmin)
      throw new AppError('FORBIDDEN', 403, 'This page is for customers.');
    if (access === 'admin' && rules.adminsNeedTwoFactor && !req.user.twoFactor)
      throw new AppError('TWO_FACTOR_REQUIRED', 403, twoFactorMessages.required);
    const { stepUp, revealsCredentials } = req.routeOptions.config;
    if (stepUp || revealsCredentials) await rules.assertSteppedUp(req.user, req.sessionTokenHash);
  });
}

/** The signed-in user of a route whose access is not public. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new AppError('UNAUTHENTICATED', 401, AUTH_REQUIRED_MESSAGE);
  return req.user;
}
