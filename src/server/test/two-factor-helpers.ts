// Test helpers for two-factor sign-in: enrol through the real API, and make codes with the same library the
// store checks them with (as an authenticator app would).
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { SAME_ORIGIN } from './auth-helpers.ts';

/** The code of the 30-second step `stepsAhead` steps from now (the store accepts one step either way). */
export function totpCode(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

const post = (app: FastifyInstance, url: string, cookie: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, payload, headers: { ...SAME_ORIGIN, cookie } });

/** Enrols the signed-in account (insertUser's default password unless given); returns its secret and recovery
 * codes. Uses the code of the step before now. */
export async function enrolTwoFactor(
  app: FastifyInstance,
  cookie: string,
  currentPassword = 'secret-pass',
) {
  const setup = await post(app, '/api/me/two-factor/setup', cookie, { currentPassword });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.body}`);
  const { secret } = setup.json<{ secret: string }>();
  const enabled = await post(app, '/api/me/two-factor/enable', cookie, {
    code: totpCode(secret, -1),
  });
  if (enabled.statusCode !== 200) throw new Error(`enable failed: ${enabled.body}`);
  return { secret, recoveryCodes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** Proves a fresh code for this session (step-up); `stepsAhead` must be newer than the last code used. */
export async function stepUpSession(
  app: FastifyInstance,
  cookie: string,
  secret: string,
  stepsAhead = 0,
) {
  const res = await post(app, '/api/me/two-factor/step-up', cookie, {
    code: totpCode(secret, stepsAhead),
  });
  if (res.statusCode !== 200) throw new Error(`step-up failed: ${res.body}`);
}
