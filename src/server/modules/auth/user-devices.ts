// Where an account came from: its sign-up address and the devices it used. Other modules ask through these
// functions (referral rewards judge a sign-up with them) instead of reading the auth tables.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { userDevices, users } from './auth.tables.ts';

/** Notes that this account used this device (at sign-up and at every sign-in). */
export async function rememberDevice(db: Db | Tx, userId: string, deviceId: string): Promise<void> {
  await db.insert(userDevices).values({ userId, deviceId }).onConflictDoNothing();
}

/** Whether this account signed up or signed in on this device (the browser that registered it, before confirmation). */
export async function isOwnDevice(db: Db | Tx, userId: string, deviceId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userDevices)
    .where(and(eq(userDevices.userId, userId), eq(userDevices.deviceId, deviceId)))
    .limit(1);
  return row !== undefined;
}

/** Whether another account than `exceptUserId` already signed up or signed in on this device. */
export async function isDeviceKnown(
  tx: Tx,
  deviceId: string,
  exceptUserId: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(userDevices)
    .where(and(eq(userDevices.deviceId, deviceId), ne(userDevices.userId, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The address an account signed up from (null for accounts made otherwise: the admin command, before 0028) and
 * whether its owner deleted it; null for an unknown id. `lock` takes the row's lock (the one money moves take),
 * so that a deletion cannot slip in before a credit.
 */
export async function readAccountOrigin(
  tx: Tx,
  userId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<{ signupIp: string | null; isDeleted: boolean } | null> {
  const query = tx
    .select({ signupIp: users.signupIp, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row ? { signupIp: row.signupIp, isDeleted: row.deletedAt !== null } : null;
}
