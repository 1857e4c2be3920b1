// API keys of resellers: what a key may do (scopes), what the owner sees of it, and the messages.
import { z } from 'zod';

/** read: catalogue, balance, orders and their credentials, top-ups; purchase: buy. */
export const API_KEY_SCOPES = ['read', 'purchase'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Live keys a customer may hold at once. */
export const MAX_API_KEYS = 10;
/** Requests one key may make per minute (each key has its own count): the default of API_KEY_REQUESTS_PER_MINUTE. */
export const API_KEY_REQUESTS_PER_MINUTE = 120;

export const apiKeyMessages = {
  nameRequired: 'Please give the key a name (1 to 60 characters).',
  scopesRequired: 'Pick at least one scope: read or purchase.',
  tooMany: `You can hold at most ${MAX_API_KEYS} keys. Revoke one first.`,
  notFound: 'Key not found',
  keyMissing: 'Send your API key as "Authorization: Bearer <key>".',
  keyInvalid: 'This API key is not valid, or it was revoked.',
  scopeMissing: (scope: ApiKeyScope) => `This API key does not have the "${scope}" scope.`,
  rateLimited: (perMinute: number) =>
    `Too many requests for this API key (at most ${perMinute} a minute). Please slow down.`,
} as const;

export const createApiKeySchema = z.object({
  name: z
    .string({ error: apiKeyMessages.nameRequired })
    .trim()
    .min(1, apiKeyMessages.nameRequired)
    .max(60, apiKeyMessages.nameRequired),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: apiKeyMessages.scopesRequired }), {
      error: apiKeyMessages.scopesRequired,
    })
    .min(1, apiKeyMessages.scopesRequired)
    .max(API_KEY_SCOPES.length, apiKeyMessages.scopesRequired)
    .transform((scopes) => API_KEY_SCOPES.filter((s) => scopes.includes(s))),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const apiKeyInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** False once revoked (by the owner or an admin) or ended with every session of the owner. */
  active: z.boolean(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyInfo = z.infer<typeof apiKeyInfoSchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeyInfoSchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** POST /api/me/api-keys → 201: the only time the key itself is shown. */
export const createdApiKeySchema = z.object({ key: apiKeyInfoSchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
