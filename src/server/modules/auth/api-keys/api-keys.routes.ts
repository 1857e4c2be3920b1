// API keys: a customer makes, lists and revokes their own in /profile; an admin lists and revokes any customer's.
import type { FastifyInstance } from 'fastify';
import {
  apiKeyInfoSchema,
  apiKeyListSchema,
  apiKeyMessages,
  createApiKeySchema,
  createdApiKeySchema,
  type ApiKeyInfo,
  type ApiKeyList,
  type CreatedApiKey,
} from '../../../../shared/api-keys.ts';
import { adminUserMessages } from '../../../../shared/admin-users.ts';
import type { Db } from '../../../db/client.ts';
import { currentUser } from '../../../http/access.ts';
import { parseId } from '../../../http/params.ts';
import { answers } from '../../../http/response-schemas.ts';
import { parseInput } from '../../../http/validate.ts';
import { createApiKey } from './create-api-key.ts';
import { listApiKeys } from './list-api-keys.ts';
import { revokeApiKey } from './revoke-api-key.ts';

export function apiKeyRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const keyId = (params: unknown) => parseId(params, apiKeyMessages.notFound);

  app.get(
    '/api/me/api-keys',
    { config: { access: 'customer' }, ...answers({ 200: apiKeyListSchema }) },
    async (req): Promise<ApiKeyList> => ({ keys: await listApiKeys(db, currentUser(req).id) }),
  );

  // A key hands a machine the account's wallet: with two-factor sign-in on, it takes a fresh code (step-up.ts).
  app.post(
    '/api/me/api-keys',
    { config: { access: 'customer', stepUp: true }, ...answers({ 201: createdApiKeySchema }) },
    async (req, reply): Promise<CreatedApiKey> => {
      const created = await createApiKey(
        db,
        currentUser(req).id,
        parseInput(createApiKeySchema, req.body),
        req.sessionTokenHash,
      );
      reply.status(201).header('cache-control', 'no-store');
      return created;
    },
  );

  app.delete(
    '/api/me/api-keys/:id',
    { config: { access: 'customer' }, ...answers({ 200: apiKeyInfoSchema }) },
    async (req): Promise<ApiKeyInfo> =>
      revokeApiKey(db, keyId(req.params), { ownerId: currentUser(req).id }),
  );

  app.get(
    '/api/admin/users/:id/api-keys',
    { config: { access: 'admin' }, ...answers({ 200: apiKeyListSchema }) },
    async (req): Promise<ApiKeyList> => ({
      keys: await listApiKeys(db, parseId(req.params, adminUserMessages.userNotFound)),
    }),
  );

  app.delete(
    '/api/admin/api-keys/:id',
    { config: { access: 'admin' }, ...answers({ 200: apiKeyInfoSchema }) },
    async (req): Promise<ApiKeyInfo> => {
      const admin = currentUser(req);
      return revokeApiKey(db, keyId(req.params), { admin: { id: admin.id, email: admin.email } });
    },
  );
}
