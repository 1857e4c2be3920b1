// The credential fence (credential-change.ts), every grant × every credential change: 40 grants in flight, each
// holding the credential version read before the change (as a sign-in holds it between the password check and the
// insert), land spread over the change; afterwards no grant of the old version is left. FENCE_OFF=1 drops the
// database's check first, to show the sweep finds the survivors it is there to find (the figures in ADR 029).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlStateOf } from '../../db/pg-errors.ts';
import { AppError } from '../../http/errors.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createApiKey } from './api-keys/create-api-key.ts';
import { confirmEmail } from './auth.service.ts';
import { confirmEmailChange } from './change-email.ts';
import { CREDENTIAL_FENCE_SQLSTATE } from './credential-change.ts';
import { changePassword } from './change-password.ts';
import { issueEmailToken } from './email-tokens.ts';
import { resetPassword } from './reset-password.ts';
import { users } from './auth.tables.ts';
import { hashPassword } from './password.ts';
import { hashToken, insertSession } from './sessions.ts';
import { removeTwoFactor } from './two-factor/remove-two-factor.ts';
import { insertSignInChallenge } from './two-factor/sign-in-challenge.ts';
import { markSteppedUp } from './two-factor/step-up.ts';

const ROUNDS = 3;
const IN_FLIGHT = 40;
const invited = Array.from({ length: 5 * ROUNDS }, (_, i) => `invited-${i}@example.com`);
const { db, config } = await createTestApp({
  env: { ADMIN_EMAILS: invited.join(',') },
  database: { poolSize: 20 },
});
const PASSWORD = 'secret-pass';
// One hash for every account of the sweep: its time goes to the races, not to setting them up.
const passwordHash = hashPassword(PASSWORD);
const fenceOff = process.env.FENCE_OFF === '1';

beforeAll(async () => {
  if (fenceOff)
    for (const table of ['sessions', 'sign_in_challenges', 'email_tokens'])
      await db.execute(sql.raw(`alter table ${table} disable trigger ${table}_credential_fence`));
});

type Account = { id: string; email: string; password: string };
/** The account under attack: the owner's session (kept by a change made from it) and another one (ended). */
type Scene = {
  user: Account;
  ownerSession: string;
  otherSession: string;
  linkPurpose: 'reset_password' | 'change_email';
};
let n = 0;

async function session(userId: string): Promise<string> {
  return hashToken((await insertSession(db, config, userId, null)).token);
}

/** The configuration with the store's name, as the routes hand it to the verbs that send e-mail. */
const site = { ...config, storeName: 'AcctStore', logoUrl: null };

/** Each credential change, set up (its link issued) before the race and made through its verb. */
const changes: Record<string, (u: Account, ownerSession: string) => Promise<() => Promise<void>>> =
  {
    'password change': async (u, owner) => () =>
      changePassword(db, site, u.id, owner, {
        currentPassword: u.password,
        newPassword: 'owner-new-pass',
      }),
    'password reset': async (u) => {
      const token = await db.transaction((tx) =>
        issueEmailToken(tx, u.id, 'reset_password', 3600_000),
      );
      return () =>
        resetPassword(db, site, { token, newPassword: 'owner-new-pass' }, `10.9.0.${++n % 250}`);
    },
    'e-mail change': async (u) => {
      const token = await db.transaction((tx) =>
        issueEmailToken(tx, u.id, 'change_email', 3600_000, `moved-${++n}@example.com`),
      );
      return async () => void (await confirmEmailChange(db, site, token, null));
    },
    'admin invitation': async (u) => {
      const token = await db.transaction((tx) =>
        issueEmailToken(tx, u.id, 'confirm_email', 3600_000),
      );
      return async () => void (await confirmEmail(db, site, token, null));
    },
    'two-factor turned off': async (u, owner) => () =>
      db.transaction((tx) => removeTwoFactor(tx, u.id, owner)),
  };

/** The e-mail link a grant issues: of a purpose the change does not itself redeem (a new one voids the older). */
const linkPurpose = (change: string) =>
  change === 'e-mail change' ? 'reset_password' : 'change_email';

/** Each grant, under the version read before the change. */
const grants: Record<string, (s: Scene, version: number, i: number) => Promise<unknown>> = {
  session: (s, v) => insertSession(db, config, s.user.id, v),
  'two-factor sign-in': (s, v) => insertSignInChallenge(db, s.user.id, v),
  'API key': (s, _v, i) =>
    createApiKey(db, s.user.id, { name: `k${i}`, scopes: ['read'] }, s.otherSession),
  'step-up': (s, v) => markSteppedUp(db, s.user.id, s.ownerSession, v),
  'e-mail link': (s, v) =>
    db.transaction((tx) =>
      issueEmailToken(
        tx,
        s.user.id,
        s.linkPurpose,
        3600_000,
        s.linkPurpose === 'change_email' ? `thief-${++n}@example.com` : null,
        v,
      ),
    ),
};

/** Grants of the account granted under a version it no longer has: what a change must leave none of. */
async function survivors(userId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select ((select count(*) from sessions s where s.user_id = u.id
               and (s.credential_version <> u.credential_version))
          + (select count(*) from sign_in_challenges c where c.user_id = u.id
               and c.credential_version <> u.credential_version)
          + (select count(*) from email_tokens t where t.user_id = u.id and t.used_at is null
               and t.credential_version <> u.credential_version))::int as n
      from users u where u.id = ${userId}`);
  return rows[0]!.n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const figures: string[] = [];
const lasted: Record<string, number> = Object.fromEntries(
  Object.keys(changes).map((c) => [c, 100]),
);

describe('a credential change is a fence: no grant from before it survives it', () => {
  let round = 0;
  for (const change of Object.keys(changes))
    it.each(Object.keys(grants))(`${change} × %s: ${IN_FLIGHT} in flight`, async (grant) => {
      let found = 0;
      for (let r = 0; r < ROUNDS; r++) {
        const email =
          change === 'admin invitation' ? invited[round++]! : `fence-${++n}@example.com`;
        const [row] = await db
          .insert(users)
          .values({
            email,
            fullName: 'fence',
            passwordHash: await passwordHash,
            emailConfirmedAt: change === 'admin invitation' ? null : new Date(),
          })
          .returning();
        const user = { ...row!, password: PASSWORD };
        const ownerSession = await session(user.id);
        const scene: Scene = {
          user,
          ownerSession,
          otherSession: await session(user.id),
          linkPurpose: linkPurpose(change),
        };
        const makeChange = await changes[change]!(user, ownerSession);
        // The grants land spread over twice the change's last duration: about half of them after it committed.
        const racing = Array.from({ length: IN_FLIGHT }, async (_, i) => {
          await sleep((i * 2 * lasted[change]!) / IN_FLIGHT);
          return grants[grant]!(scene, 0, i);
        });
        const settled = Promise.allSettled(racing);
        const started = Date.now();
        await makeChange();
        lasted[change] = Date.now() - started;
        const outcomes = await settled;
        for (const o of outcomes)
          if (
            o.status === 'rejected' &&
            !(o.reason instanceof AppError) &&
            sqlStateOf(o.reason) !== CREDENTIAL_FENCE_SQLSTATE
          )
            throw o.reason;
        found += await survivors(user.id);
      }
      figures.push(`${change} × ${grant}: ${found} (change took ${lasted[change]} ms)`);
      expect(found, `${change} × ${grant}: grants of the old version left`).toBe(0);
    });
});

afterAll(() => {
  if (fenceOff) console.log(`survivors with the fence off:\n${figures.join('\n')}`);
});
