// Reseller API keys in tests: made the way a customer makes them (POST /api/me/api-keys), used as Bearer keys.
import type { FastifyInstance } from 'fastify';
import type { ApiKeyScope, CreatedApiKey } from '../../shared/api-keys.ts';
import { SAME_ORIGIN } from './auth-helpers.ts';

export function apiKeyClient(app: FastifyInstance) {
  const create = async (
    cookie: string,
    scopes: ApiKeyScope[] = ['read', 'purchase'],
    name = 'Bot',
  ): Promise<CreatedApiKey> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/me/api-keys',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { name, scopes },
    });
    if (res.statusCode !== 201) throw new Error(`api key not created: ${res.body}`);
    return res.json();
  };
  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
  return { create, bearer };
}
