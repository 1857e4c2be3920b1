// At start: the credentials key must open what this database holds, proven by its key-check row (written on the
// first start). Another key would seal new stock that the other processes cannot read, and fail every purchase.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { StartupError } from '../../startup-error.ts';
import type { CredentialCipher } from './credential-cipher.ts';
import { credentialsKeyCheck, stockAccounts } from './stock.tables.ts';

const KNOWN_VALUE = 'acctstore credentials key check v1';

export const KEY_MISMATCH_MESSAGE =
  'The credentials key does not open the credentials stored in this database: every store process on one database ' +
  'needs the key it was first started with. Set CREDENTIALS_KEY to that key (or, with the embedded database, ' +
  'put back DATA_DIR/credentials.key) and start again.';

export class CredentialsKeyMismatchError extends StartupError {
  override name = 'CredentialsKeyMismatchError';
  constructor() {
    super(KEY_MISMATCH_MESSAGE);
  }
}

/** Throws CredentialsKeyMismatchError unless the key opens the key-check row, writing that row on the first start. */
export async function checkCredentialsKey(
  db: Db,
  cipher: CredentialCipher,
): Promise<'matched' | 'created'> {
  const [existing] = await db
    .select()
    .from(credentialsKeyCheck)
    .where(eq(credentialsKeyCheck.id, 1));
  if (existing) {
    assertOpens(cipher, existing.sealed);
    return 'matched';
  }
  // A database from before the key check: the key must open its stock before it may seal the check.
  const [sample] = await db
    .select({ sealed: stockAccounts.passwordEnc })
    .from(stockAccounts)
    .limit(1);
  if (sample && !opens(cipher, sample.sealed)) throw new CredentialsKeyMismatchError();
  const created = await db
    .insert(credentialsKeyCheck)
    .values({ id: 1, sealed: cipher.encrypt(KNOWN_VALUE) })
    .onConflictDoNothing()
    .returning({ id: credentialsKeyCheck.id });
  if (created.length > 0) return 'created';
  // Another process sealed it at the same moment: its key must be ours.
  const [winner] = await db.select().from(credentialsKeyCheck).where(eq(credentialsKeyCheck.id, 1));
  assertOpens(cipher, winner!.sealed);
  return 'matched';
}

function assertOpens(cipher: CredentialCipher, sealed: Buffer): void {
  if (opened(cipher, sealed) !== KNOWN_VALUE) throw new CredentialsKeyMismatchError();
}

function opens(cipher: CredentialCipher, sealed: Buffer): boolean {
  return opened(cipher, sealed) !== null;
}

function opened(cipher: CredentialCipher, sealed: Buffer): string | null {
  try {
    return cipher.decrypt(sealed);
  } catch {
    return null; // another key: AES-GCM's tag does not match
  }
}
