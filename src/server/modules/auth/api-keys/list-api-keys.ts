// A customer's API keys, newest first: for the owner's /profile and for an admin's view of the customer.
import { desc, eq } from 'drizzle-orm';
import type { ApiKeyInfo } from '../../../../shared/api-keys.ts';
import type { Db } from '../../../db/client.ts';
import { toApiKeyInfo } from './api-key-info.ts';
import { apiKeys } from './api-keys.tables.ts';

export async function listApiKeys(db: Db, userId: string): Promise<ApiKeyInfo[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKeyInfo);
}
