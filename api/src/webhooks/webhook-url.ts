import { lookup } from 'node:dns/promises';
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/*
 * A webhook makes this server send a request to an address staff typed in. Without these checks that
 * address could be inside our own network — the cloud's metadata service, a database's admin port,
 * the server itself (server-side request forgery). So a webhook URL is https to a public address,
 * checked when it is saved AND after every DNS lookup before a delivery connects, and the delivery
 * connects to the very address that was checked (a name that resolves elsewhere a second later, DNS
 * rebinding, gains nothing).
 */

/** An address a name resolved to, as node's dns.lookup gives it. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (dns.lookup, as a connection would). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

/** Every address of `hostname`, through the system resolver (what node's own connections use). */
export const resolveHost: ResolveHost = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/** How webhook URLs are checked: the origins exempt from https and from the loopback rule. */
export interface WebhookUrlRules {
  /** Origins (WEBHOOK_ALLOWED_HTTP_ORIGINS) that may use plain http and a loopback address. */
  allowedHttpOrigins: readonly string[];
  resolve?: ResolveHost | undefined;
}

/** A URL that passed: the address to connect to (one of the checked ones). */
export interface WebhookTarget {
  ok: true;
  url: URL;
  address: ResolvedAddress;
}

/** A URL that did not pass, and why, in words for staff (shown beside the URL field). */
export interface WebhookUrlRefusal {
  ok: false;
  reason: string;
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Addresses that are never a partner's public receiver (IANA special-purpose registries). */
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified and IPv4-compatible (deprecated)
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking…)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (the AWS metadata service's fd00:ec2::254 among them)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** The 16-bit groups of an IPv6 address (a trailing dotted IPv4 part counts as two). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail, ...rest] = text.split('::');
  if (rest.length > 0) return undefined;
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  const groups = [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : undefined;
}

/**
 * The IPv4 address an IPv6 address carries and that routers act on: NAT64 (64:ff9b::/96) and 6to4
 * (2002::/16). (IPv4-mapped addresses, ::ffff:a.b.c.d, are matched by BlockList itself.)
 */
function embeddedIpv4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  if (!groups) return undefined;
  const quad = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) {
    return quad(groups[6] ?? 0, groups[7] ?? 0);
  }
  if (groups[0] === 0x2002) return quad(groups[1] ?? 0, groups[2] ?? 0);
  return undefined;
}

/** Where an address is: the machine itself, inside a private or special network, or public. */
export function addressKind(address: string): 'loopback' | 'internal' | 'public' {
  // A zone index (fe80::1%eth0) only exists on link-local and interface-scoped addresses.
  if (address.includes('%')) return 'internal';
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (!family) return 'internal';
  if (loopback.check(address, family)) return 'loopback';
  if (internal.check(address, family)) return 'internal';
  const carried = family === 'ipv6' ? embeddedIpv4(address) : undefined;
  return carried ? addressKind(carried) : 'public';
}

/** The host name of a URL as a resolver takes it (an IPv6 literal without its brackets). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Checks a webhook URL: https (or http for an allowed origin), and every address its name resolves to
 * is public (a loopback one is allowed for an allowed origin). Run when the URL is saved and before
 * each delivery; the delivery then connects to `address`, never resolving the name again.
 */
export async function checkWebhookUrl(
  text: string,
  { allowedHttpOrigins, resolve = resolveHost }: WebhookUrlRules,
): Promise<WebhookTarget | WebhookUrlRefusal> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'Enter a full address, like https://partner.example/webhooks' };
  }
  const allowedOrigin = allowedHttpOrigins.includes(url.origin);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowedOrigin)) {
    return { ok: false, reason: 'The address must start with https://' };
  }
  const host = hostOf(url);
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) return { ok: false, reason: `No address was found for ${host}` };
  for (const { address } of addresses) {
    const kind = addressKind(address);
    if (kind === 'public' || (kind === 'loopback' && allowedOrigin)) continue;
    const where = address === host ? host : `${host} resolves to ${address}, which`;
    return {
      ok: false,
      reason: `${where} is not a public internet address: webhooks are only sent to public addresses`,
    };
  }
  const [first] = addresses;
  return first
    ? { ok: true, url, address: first }
    : { ok: false, reason: `No address was found for ${host}` };
}
