// A first-party device cookie: a random id this browser keeps for a year, so that the store can tell "the same
// device" (referral rewards refuse a sign-up on a device another account already used). It names nothing and
// proves nothing: a person can clear it; it only catches the easy case of one browser making many accounts.
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const DEVICE_COOKIE = 'device';
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const YEAR_SECONDS = 365 * 24 * 3600;

/** This browser's device id: the one its cookie holds, or a new one set on the answer. */
export function deviceIdOf(req: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const held = req.cookies[DEVICE_COOKIE];
  if (held && DEVICE_ID_PATTERN.test(held)) return held;
  const id = crypto.randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: YEAR_SECONDS,
  });
  return id;
}
