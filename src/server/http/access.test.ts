// The door's declarations are checked as routes are added: keys open /api/v1 only, /api/v1 takes keys only.
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { registerAccessControl } from './access.ts';

async function register(url: string, config: Record<string, unknown>) {
  const app = Fastify();
  registerAccessControl(app, async () => {}, {
    adminsNeedTwoFactor: false,
    assertSteppedUp: async () => {},
    loadApiKey: async () => {},
  });
  app.get(url, { config }, async () => ({}));
  await app.ready();
  await app.close();
}

it('refuses a key route outside /api/v1, a cookie route inside it, and a key route without its scope', async () => {
  await expect(register('/api/orders', { access: 'api-key', apiScope: 'read' })).rejects.toThrow(
    /api-key/,
  );
  await expect(register('/api/v1/balance', { access: 'customer' })).rejects.toThrow(/api-key/);
  await expect(register('/api/v1/balance', { access: 'api-key' })).rejects.toThrow(/apiScope/);
  await expect(register('/api/orders', { access: 'customer', apiScope: 'read' })).rejects.toThrow(
    /apiScope/,
  );
  await expect(register('/api/me', {})).rejects.toThrow(/does not declare config.access/);
  await expect(
    register('/api/v1/balance', { access: 'api-key', apiScope: 'read' }),
  ).resolves.toBeUndefined();
  await expect(register('/api/v1/openapi.json', { access: 'public' })).resolves.toBeUndefined();
});
