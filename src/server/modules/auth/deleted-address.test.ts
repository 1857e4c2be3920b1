// Deleted accounts keep an anonymised address in a domain no one can sign up with or move to, with a random
// part: registering "deleted-<id>@deleted.invalid" is refused, and even an address taken before that rule
// cannot block the deletion it names.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../shared/auth.ts';
import { insertUser, SAME_ORIGIN, signedInUser } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { users } from './auth.tables.ts';

const { app, db } = await createTestApp();
const post = (url: string, payload: object, cookie?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
const refusal = { error: { code: 'VALIDATION_FAILED', message: authMessages.emailReserved } };

describe('the anonymised addresses of deleted accounts', () => {
  it('cannot be registered', async () => {
    const { user } = await signedInUser(app, db);
    for (const email of [`deleted-${user.id}@deleted.invalid`, 'Someone@Elsewhere.INVALID']) {
      const res = await post('/api/auth/register', {
        email,
        password: 'secret-pass',
        confirmPassword: 'secret-pass',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refusal);
      expect(await db.select().from(users).where(eq(users.email, email.toLowerCase()))).toEqual([]);
    }
  });

  it('cannot be moved to', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const res = await post(
      '/api/me/email',
      { newEmail: `deleted-${user.id}@deleted.invalid`, currentPassword: user.password },
      cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal);
  });

  it('do not let an address taken in advance block the deletion', async () => {
    const { user, cookie } = await signedInUser(app, db);
    // As someone could have registered it before the reserved domain was refused.
    const squatter = await insertUser(db, { email: `deleted-${user.id}@deleted.invalid` });
    const res = await post(
      '/api/me/delete',
      { password: user.password, shownBalanceKobo: 0 },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.email).toMatch(new RegExp(`^deleted-${user.id}-[0-9a-f]{12}@deleted\\.invalid$`));
    const [kept] = await db.select().from(users).where(eq(users.id, squatter.id));
    expect(kept!.email).toBe(squatter.email);
  });
});
