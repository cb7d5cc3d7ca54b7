import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/*
 * Fetching an address a user typed (a calendar feed) from our server: the address must not reach our own
 * network. Every address a name resolves to is checked, the connection uses the checked address (the check
 * sits in the socket's DNS lookup, so a second resolution cannot swap it), and every redirect is checked again.
 */

const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

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

/** Why an address may not be fetched, or null when it may. IPv4-mapped IPv6 addresses are judged as IPv4. */
export function refusalOf(address: string, policy: Pick<FetchPolicy, 'allowLoopback'>): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1] : address;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (loopback.check(ip, family)) return policy.allowLoopback ? null : `${ip} is this server itself (loopback)`;
  if (privateRanges.check(ip, family)) return `${ip} is a private, link-local or reserved address`;
  return null;
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
