// TOTP (RFC 6238) through the otpauth library: 6 digits, 30-second steps, SHA-1 (what every authenticator app
// reads), one step of clock drift either way.
import { Secret, TOTP } from 'otpauth';

const ISSUER = 'AcctStore';

function totpFor(secretBase32: string, email = '') {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret (160 bits, as RFC 4226 recommends), in base32 as the apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans. */
export function totpUri(secretBase32: string, email: string): string {
  return totpFor(secretBase32, email).toString();
}

/** The 30-second step the code belongs to, or null when it matches none within one step of now. */
export function matchTotpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const totp = totpFor(secretBase32);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}
