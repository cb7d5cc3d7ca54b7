import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';

/*
 * Fetching an address a user typed (a calendar feed) from our server: the address must not reach our own
 * network. Every address a name resolves to is checked, the connection uses the checked address (the check
 * sits in the socket's DNS lookup, so a second resolution cannot swap it), and every redirect is checked again.
 */

export interface FetchPolicy {
  /** Development only: lets a feed served on this machine be tried. */
  allowLoopback: boolean;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export const defaultFetchPolicy: FetchPolicy = {
  allowLoopback: false,
  maxBytes: 10 * 1024 * 1024,
  timeoutMs: 10_000,
  maxRedirects: 5,
};

export class FetchRefused extends Error {}

/**
 * The special-purpose ranges of IANA's registries that ipaddr.js names and that are globally reachable: AS112
 * (DNS sinks for private zones' reverse lookups) and AMT relays. Every other named range is refused.
 */
const globalRanges = new Set(['unicast', 'as112', 'as112v6', 'amt']);
/** IPv6 global unicast is 2000::/3; within it, 3fff::/20 is for documentation (RFC 9637), newer than ipaddr.js. */
const globalUnicast6 = ipaddr.parseCIDR('2000::/3');
const documentation6 = ipaddr.parseCIDR('3fff::/20');

const ipv4Of = (parts: number[]) => new ipaddr.IPv4([parts[0] >> 8, parts[0] & 0xff, parts[1] >> 8, parts[1] & 0xff]);

/**
 * The IPv4 address an IPv6 one carries and leads to: IPv4-mapped (`::ffff:a.b.c.d`), IPv4-translated
 * (`::ffff:0:a.b.c.d`), IPv4-compatible (`::a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`) and 6to4 (`2002:AABB:CCDD::`).
 */
export function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = address.parts;
  const zeros = (from: number, to: number) => p.slice(from, to).every((part) => part === 0);
  if (zeros(0, 5) && p[5] === 0xffff) return ipv4Of([p[6], p[7]]);
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return ipv4Of([p[6], p[7]]);
  // `::` and `::1` are IPv6's own unspecified and loopback addresses, not IPv4-compatible ones.
  if (zeros(0, 6) && (p[6] !== 0 || p[7] > 1)) return ipv4Of([p[6], p[7]]);
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return ipv4Of([p[6], p[7]]);
  if (p[0] === 0x2002) return ipv4Of([p[1], p[2]]);
  return undefined;
}

/** Every address of this host's own interfaces (eth0's included, whatever its range), zone ids left off. */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const entries of Object.values(networkInterfaces()))
    for (const entry of entries ?? []) {
      const address = entry.address.replace(/%.*$/, '');
      if (ipaddr.isValid(address)) own.add(ipaddr.parse(address).toNormalizedString());
    }
  return own;
}

/**
 * Why an address may not be fetched, or null when it may. Only global unicast passes (IANA's special-purpose
 * registries, through ipaddr.js's ranges); an IPv6 address carrying an IPv4 one is judged by the IPv4 one; and no
 * address of this host's own interfaces passes, whatever its range. Loopback passes only when the policy allows it.
 */
export function refusalOf(
  address: string,
  policy: Pick<FetchPolicy, 'allowLoopback'>,
  own: ReadonlySet<string> = ownAddresses(),
): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  let ip = ipaddr.parse(address);
  const carried = ip.kind() === 'ipv6' ? embeddedIpv4(ip as ipaddr.IPv6) : undefined;
  if (carried) ip = carried;
  const shown = ip.toString();
  const range = ip.range();
  if (range === 'loopback') return policy.allowLoopback ? null : `${shown} is this server itself (loopback)`;
  if (own.has(ip.toNormalizedString()) || (carried && own.has(ipaddr.parse(address).toNormalizedString())))
    return `${shown} is this server's own address`;
  const global =
    globalRanges.has(range) && (ip.kind() === 'ipv4' || (ip.match(globalUnicast6) && !ip.match(documentation6)));
  return global ? null : `${shown} is a private, link-local or reserved address`;
}

/** A DNS lookup that fails when any address the name resolves to is refused. */
function guardedLookup(policy: FetchPolicy, resolve: typeof dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses;
      for (const entry of list) {
        const refusal = refusalOf(entry.address, policy);
        if (refusal) return callback(new FetchRefused(`${hostname} resolves to ${refusal}`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new FetchRefused(`${hostname} has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

function checkUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused('not a web address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefused('only http and https addresses can be fetched');
  if (url.username || url.password) throw new FetchRefused('addresses with a user name or password are not accepted');
  return url;
}

interface Answer {
  status: number;
  location?: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
interface Outgoing {
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
}

function requestOnce(url: URL, outgoing: Outgoing, policy: FetchPolicy, resolve: typeof dnsLookup): Promise<Answer> {
  return new Promise((accept, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // A literal IP skips DNS lookup, so it is judged here.
    if (isIP(host)) {
      const refusal = refusalOf(host, policy);
      if (refusal) return reject(new FetchRefused(refusal));
    }
    const client = url.protocol === 'https:' ? https : http;
    const headers = {
      'user-agent': 'Lifeboard calendar',
      ...outgoing.headers,
      ...(outgoing.body ? { 'content-length': String(outgoing.body.length) } : {}),
    };
    const request = client.request(
      url,
      { method: outgoing.method, lookup: guardedLookup(policy, resolve), timeout: policy.timeoutMs, headers },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return accept({
            status,
            location: response.headers.location,
            headers: response.headers,
            body: Buffer.alloc(0),
          });
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > policy.maxBytes) {
          response.destroy();
          return reject(new FetchRefused(`the answer is larger than ${Math.round(policy.maxBytes / 1024 / 1024)} MB`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > policy.maxBytes) {
            response.destroy();
            reject(new FetchRefused(`the answer is larger than ${Math.round(policy.maxBytes / 1024 / 1024)} MB`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => accept({ status, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new FetchRefused(`no answer within ${policy.timeoutMs / 1000} s`)));
    request.on('error', reject);
    request.end(outgoing.body);
  });
}

/** GETs a user-given address under the policy; redirects are followed and each is checked like the first. */
export async function safeFetchText(
  raw: string,
  policy: FetchPolicy,
  resolve: typeof dnsLookup = dnsLookup,
): Promise<string> {
  let url = checkUrl(raw);
  for (let hop = 0; hop <= policy.maxRedirects; hop += 1) {
    const answer = await requestOnce(
      url,
      { method: 'GET', headers: { accept: 'text/calendar, */*;q=0.5' } },
      policy,
      resolve,
    );
    if (answer.location) {
      url = checkUrl(new URL(answer.location, url).toString());
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) throw new FetchRefused(`the address answered ${answer.status}`);
    return answer.body.toString('utf8');
  }
  throw new FetchRefused(`more than ${policy.maxRedirects} redirects`);
}

/**
 * A `fetch` for a library that talks to a user-given server (tsdav for CalDAV) under the same policy: every
 * request and redirect is checked as above, answers are size-limited and time out. Credentials (Authorization)
 * follow a redirect only to the same origin.
 */
export function guardedFetch(policy: FetchPolicy, resolve: typeof dnsLookup = dnsLookup): typeof fetch {
  return async (input, init = {}) => {
    const request = new Request(input, init);
    let url = checkUrl(request.url);
    const origin = url.origin;
    let method = request.method;
    let body: Buffer | undefined = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    for (let hop = 0; hop <= policy.maxRedirects; hop += 1) {
      const answer = await requestOnce(url, { method, headers, ...(body ? { body } : {}) }, policy, resolve);
      // `redirect: 'manual'` (tsdav's service discovery) wants the redirect itself, to read its Location.
      if (!answer.location || request.redirect === 'manual') {
        const responseHeaders = new Headers();
        for (const [key, value] of Object.entries(answer.headers)) {
          if (value !== undefined)
            for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(key, item);
        }
        const empty = answer.status === 204 || answer.status === 304 || method === 'HEAD';
        const response = new Response(empty ? null : new Uint8Array(answer.body), {
          status: answer.status,
          headers: responseHeaders,
        });
        Object.defineProperty(response, 'url', { value: url.toString() });
        return response;
      }
      url = checkUrl(new URL(answer.location, url).toString());
      if (answer.status === 303) {
        method = 'GET';
        body = undefined;
      }
      if (url.origin !== origin) delete headers.authorization;
    }
    throw new FetchRefused(`more than ${policy.maxRedirects} redirects`);
  };
}
