// Where a webhook may go. In production: https only, and never to a private, loopback, link-local or other
// special-use address (RFC 6890 and the IANA special-purpose registries), checked on the URL when it is registered
// and again on every address its name resolves to at each delivery, the connection then pinned to the address that
// was checked (post-webhook.ts), so a name that resolves to something else a moment later (DNS rebinding) changes
// nothing. Outside production, http:// and loopback are allowed too, for tests and local receivers.
import dns from 'node:dns';
import net from 'node:net';
import { webhookMessages } from '../../../shared/webhooks.ts';

export type DestinationPolicy = {
  /** Outside production: http:// and loopback (127.0.0.0/8, ::1, localhost) are allowed. */
  allowLoopback: boolean;
};

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::ffff:0:0', 96], // IPv4-mapped: checked as the IPv4 address below
  ['64:ff9b::', 96], // NAT64, which reaches IPv4 addresses we cannot see from here
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, benchmarking…)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4, which embeds an IPv4 address
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(address, prefix, 'ipv6');

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d, also written ::ffff:xxxx:xxxx) as its IPv4 address. */
function unmapped(address: string): string {
  const lower = address.toLowerCase();
  if (!lower.startsWith('::ffff:')) return address;
  const tail = lower.slice('::ffff:'.length);
  if (net.isIPv4(tail)) return tail;
  const m = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(tail);
  if (!m) return address;
  const hi = parseInt(m[1]!, 16);
  const lo = parseInt(m[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True when a webhook may be sent to this IP address under the policy. */
export function isAllowedAddress(address: string, policy: DestinationPolicy): boolean {
  const ip = unmapped(address);
  const family = net.isIPv4(ip) ? 'ipv4' : net.isIPv6(ip) ? 'ipv6' : null;
  if (!family) return false;
  if (policy.allowLoopback && loopback.check(ip, family)) return true;
  // Outside 2000::/3 no IPv6 address is global unicast today.
  if (family === 'ipv6' && !/^[23][0-9a-f]{0,3}:/i.test(ip)) return false;
  return !blocked.check(ip, family);
}

export class RefusedDestination extends Error {}

/** The URL's host without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Checks a URL as it is registered; returns it normalised, or throws RefusedDestination with the customer's words. */
export function checkWebhookUrl(input: string, policy: DestinationPolicy): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new RefusedDestination(webhookMessages.urlInvalid);
  }
  const httpAllowed = policy.allowLoopback && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !httpAllowed)
    throw new RefusedDestination(
      url.protocol === 'http:' ? webhookMessages.urlNotHttps : webhookMessages.urlInvalid,
    );
  if (url.username || url.password) throw new RefusedDestination(webhookMessages.urlHasCredentials);
  url.hash = '';
  const host = hostOf(url).toLowerCase();
  if (net.isIP(host)) {
    if (!isAllowedAddress(host, policy)) throw new RefusedDestination(webhookMessages.urlRefused);
  } else if (!isPublicName(host, policy)) throw new RefusedDestination(webhookMessages.urlRefused);
  return url.toString();
}

/** Names that can only mean this machine or a local network (RFC 6761, 6762, 8375; .internal, ICANN 2024). */
function isPublicName(host: string, policy: DestinationPolicy): boolean {
  const name = host.replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return policy.allowLoopback;
  if (!name.includes('.')) return false; // a single label resolves through the local search domains
  return !/\.(local|internal|lan|home\.arpa|localdomain|test|invalid|example|onion)$/.test(name);
}

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

/** The system resolver: every address the name has, as the connection would see them. */
export const systemResolve: Resolve = (host) => dns.promises.lookup(host, { all: true });

/**
 * At delivery: the address to connect to. Every address the name resolves to must be allowed (a name with one
 * private address among public ones is refused whole); the first is the one the connection is pinned to.
 */
export async function resolveDestination(
  url: URL,
  policy: DestinationPolicy,
  resolve: Resolve,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostOf(url);
  const found = net.isIP(host)
    ? [{ address: host, family: net.isIP(host) }]
    : isPublicName(host.toLowerCase(), policy)
      ? await resolve(host)
      : [];
  if (found.length === 0) throw new RefusedDestination(`no public address for ${host}`);
  for (const { address } of found)
    if (!isAllowedAddress(address, policy))
      throw new RefusedDestination(`refused: ${host} resolves to ${address}, a non-public address`);
  const first = found[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
