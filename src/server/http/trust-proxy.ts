// TRUST_PROXY: which reverse proxies' X-Forwarded-For the store believes, so that req.ip (the key of every
// per-IP limit) is the address those proxies vouch for and nothing a client wrote itself.
import net from 'node:net';

export type TrustProxy = false | number | string[];

// proxy-addr's names for address ranges, accepted as Fastify accepts them.
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: empty → no proxy; a number → that many hops; else a comma list of addresses or CIDRs. A string result is the problem. */
export function parseTrustProxy(raw: string | undefined): TrustProxy | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : 'a number of proxy hops must be between 0 and 10';
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (bad.length > 0 || entries.length === 0) {
    return `must be a number of proxy hops or a comma-separated list of proxy addresses/CIDRs (not ${bad.map((b) => JSON.stringify(b)).join(', ') || 'empty'})`;
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's trustProxy for a parsed TRUST_PROXY. Fastify refuses bare hop counts (it trusts nothing for a
 * number, since a client that reaches the store directly could then write the header itself), so a count
 * becomes "the nearest n hops": correct when the store is reachable only through its proxies (HOST=127.0.0.1
 * or a private network, as docs/deploy.md sets it up); list the proxies' addresses when it is not.
 */
export function trustProxyOption(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
