// An API key as its owner (and an admin) sees it: never the key, never its hash.
import type { ApiKeyInfo } from '../../../../shared/api-keys.ts';
import type { apiKeys } from './api-keys.tables.ts';

export function toApiKeyInfo(row: typeof apiKeys.$inferSelect): ApiKeyInfo {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    active: row.sessionTokenHash !== null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
