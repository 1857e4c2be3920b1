// The one cache of credentials read a moment ago (a cookie session, an API key), by their token's hash. One rule
// for both: a credential is answered from memory only on a route whose verb checks the session again inside its
// own transaction (config.sessionCheckedByVerb: the purchase, which refuses an ended session or a credential
// changed since it was granted, docs/decisions/029), for at most REMEMBER_MS and never past its session's end;
// every other route reads it afresh, which also replaces what was remembered. What memory can make stale is only
// what the route's door looks at (a name, an e-mail, an admin flag, a key's scopes), never whether it may buy.
import type { FastifyRequest } from 'fastify';

const REMEMBER_MS = 30_000;
const REMEMBERED_MAX = 10_000;

/** What a credential lookup answers: anything, with the end of the session it belongs to. */
export type Credential = { expiresAt: Date };

/** Reads the credential of this token hash, from memory when the route allows it, else with `lookup`. */
export type RememberedCredentials<C extends Credential> = (
  req: FastifyRequest,
  tokenHash: string,
  lookup: (tokenHash: string, now: Date) => Promise<C | undefined>,
) => Promise<C | undefined>;

export function rememberCredentials<C extends Credential>(): RememberedCredentials<C> {
  // By token hash, oldest read first (a Map keeps insertion order), so the oldest go when it is full.
  const remembered = new Map<string, { credential: C; readAt: number }>();
  return async (req, tokenHash, lookup) => {
    const now = Date.now();
    const known = remembered.get(tokenHash);
    if (
      req.routeOptions.config.sessionCheckedByVerb === true &&
      known &&
      now - known.readAt < REMEMBER_MS &&
      known.credential.expiresAt.getTime() > now
    )
      return known.credential;
    remembered.delete(tokenHash);
    const credential = await lookup(tokenHash, new Date(now));
    if (!credential) return undefined;
    remembered.set(tokenHash, { credential, readAt: now });
    if (remembered.size > REMEMBERED_MAX) remembered.delete(remembered.keys().next().value!);
    return credential;
  };
}
