// The webhook signature, Stripe's shape: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the endpoint's
// secret. The timestamp is signed with the body, so a receiver that refuses old timestamps refuses replays.
// verifyWebhookSignature is what a receiver runs (the /developers page shows the same steps in a snippet).
import crypto from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '../../../shared/webhooks.ts';

/** Secrets start with this, so a leaked one is recognisable. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + crypto.randomBytes(32).toString('base64url');
}

export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** True when the header signs this exact body with this secret, at most toleranceSeconds from now. */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string,
  { now = Date.now(), toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS } = {},
): boolean {
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = signWebhook(secret, body, t).split('v1=')[1]!;
  return (
    v1.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(v1, 'utf8'), Buffer.from(expected, 'utf8'))
  );
}
