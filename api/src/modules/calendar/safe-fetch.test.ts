import type { lookup } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkInterfaces } from 'node:os';
import { defaultFetchPolicy, guardedFetch, refusalOf, safeFetchText } from './safe-fetch';

/** A resolver that answers fixed addresses, as a hostile DNS name would. */
function resolverFor(map: Record<string, string[]>): typeof lookup {
  return ((
    hostname: string,
    _options: unknown,
    callback: (error: Error | null, addresses: { address: string; family: number }[]) => void,
  ) => {
    const addresses = map[hostname];
    if (!addresses) return callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  }) as unknown as typeof lookup;
}

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/to-private') {
      response.writeHead(302, { location: 'http://10.1.2.3/feed.ics' });
      return response.end();
    }
    if (request.url === '/to-name') {
      response.writeHead(302, { location: 'http://inside.example/feed.ics' });
      return response.end();
    }
    if (request.url === '/big') {
      response.writeHead(200);
      return response.end('x'.repeat(2048));
    }
    if (request.url === '/slow') return; // never answers
    response.writeHead(200, { 'content-type': 'text/calendar' });
    response.end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  });
  // On every interface, so it can be reached at this host's own non-loopback address too.
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    }),
);

const dev = { ...defaultFetchPolicy, allowLoopback: true };

describe('the SSRF guard', () => {
  it('refuses private, loopback, link-local and mapped addresses; allows public ones', () => {
    for (const address of [
      '10.0.0.1',
      '172.20.1.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
    ]) {
      expect(refusalOf(address, { allowLoopback: false }), address).not.toBeNull();
    }
    expect(refusalOf('127.0.0.1', { allowLoopback: false })).toMatch(/loopback/);
    expect(refusalOf('::1', { allowLoopback: false })).toMatch(/loopback/);
    expect(refusalOf('127.0.0.1', { allowLoopback: true })).toBeNull();
    expect(refusalOf('169.254.169.254', { allowLoopback: true })).not.toBeNull();
    expect(refusalOf('93.184.216.34', { allowLoopback: false })).toBeNull();
    expect(refusalOf('2606:2800:220:1::1', { allowLoopback: false })).toBeNull();
  });

  it('refuses a name that resolves to a private address, even when one of its addresses is public', async () => {
    const resolve = resolverFor({
      'calendar.example': ['93.184.216.34', '192.168.0.7'],
      'metadata.example': ['169.254.169.254'],
    });
    await expect(safeFetchText('http://calendar.example/feed.ics', defaultFetchPolicy, resolve)).rejects.toThrow(
      /192\.168\.0\.7 is a private/,
    );
    await expect(safeFetchText('http://metadata.example/', defaultFetchPolicy, resolve)).rejects.toThrow(
      /169\.254\.169\.254/,
    );
    await expect(safeFetchText('http://[::1]:9/', defaultFetchPolicy, resolve)).rejects.toThrow(/loopback/);
  });

  it('checks every redirect: to a private literal and to a name resolving privately', async () => {
    const resolve = resolverFor({ 'inside.example': ['10.9.9.9'] });
    await expect(safeFetchText(`${base}/to-private`, dev, resolve)).rejects.toThrow(/10\.1\.2\.3 is a private/);
    await expect(safeFetchText(`${base}/to-name`, dev, resolve)).rejects.toThrow(/10\.9\.9\.9 is a private/);
  });

  it('refuses loopback in production, answers over the size limit and slow answers; fetches a good one', async () => {
    await expect(safeFetchText(`${base}/ok.ics`, defaultFetchPolicy)).rejects.toThrow(/loopback/);
    await expect(safeFetchText(`${base}/big`, { ...dev, maxBytes: 1024 })).rejects.toThrow(/larger than/);
    await expect(safeFetchText(`${base}/slow`, { ...dev, timeoutMs: 300 })).rejects.toThrow(/no answer within/);
    await expect(safeFetchText('file:///etc/passwd', dev)).rejects.toThrow(/only http and https/);
    expect(await safeFetchText(`${base}/ok.ics`, dev)).toContain('BEGIN:VCALENDAR');
  });

  it('allows only global unicast: refuses documentation, benchmarking, relay and other reserved ranges', () => {
    for (const address of [
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '192.88.99.1',
      '192.0.0.8',
      '198.18.0.1',
      '240.0.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '2001:db8::1',
      '3fff::1',
      '100::1',
      '2001::1',
      '2001:2::1',
      'fec0::1',
      '5f00::1',
      '4000::1',
      'not an address',
    ])
      expect(refusalOf(address, { allowLoopback: false }, new Set()), address).toMatch(/private|reserved|not an IP/);
    for (const address of ['8.8.8.8', '192.31.196.1', '2606:4700::1111', '2001:4:112::1'])
      expect(refusalOf(address, { allowLoopback: false }, new Set()), address).toBeNull();
  });

  it('judges an IPv6 address by the IPv4 address it carries: mapped, translated, compatible, NAT64 and 6to4', () => {
    const loopbackForms = ['::ffff:127.0.0.1', '::ffff:0:7f00:1', '::127.0.0.1', '64:ff9b::127.0.0.1', '2002:7f00:1::'];
    for (const address of loopbackForms) {
      expect(refusalOf(address, { allowLoopback: false }, new Set()), address).toMatch(
        /127\.0\.0\.1 is this server itself/,
      );
      expect(refusalOf(address, { allowLoopback: true }, new Set()), address).toBeNull();
    }
    for (const address of ['::ffff:10.0.0.1', '::10.0.0.1', '64:ff9b::a00:1', '2002:c000:204::1', '2002:a9fe:a9fe::'])
      expect(refusalOf(address, { allowLoopback: true }, new Set()), address).toMatch(/private|reserved/);
    for (const address of ['::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:808:808::1'])
      expect(refusalOf(address, { allowLoopback: false }, new Set()), address).toBeNull();
  });

  it("refuses every address of this host's own interfaces, in any form, whatever its range", async () => {
    const own = Object.values(networkInterfaces())
      .flatMap((entries) => entries ?? [])
      .filter((entry) => !entry.internal)
      .map((entry) => entry.address);
    expect(own.length, 'this host has a non-loopback address').toBeGreaterThan(0);
    for (const address of own)
      expect(refusalOf(address, { allowLoopback: true }), address).toMatch(/this server's own address/);
    const ipv4 = own.find((address) => !address.includes(':'));
    if (!ipv4) return;
    expect(refusalOf(`::ffff:${ipv4}`, { allowLoopback: true })).toMatch(/this server's own address/);
    // Reached at that address, the test server is refused by the feed fetcher and by CalDAV's fetch alike.
    const port = (server.address() as AddressInfo).port;
    const url = `http://${ipv4}:${port}/ok.ics`;
    await expect(safeFetchText(url, dev)).rejects.toThrow(/this server's own address/);
    await expect(guardedFetch(dev)(url)).rejects.toThrow(/this server's own address/);
    const resolve = resolverFor({ 'me.example': [ipv4] });
    await expect(safeFetchText(`http://me.example:${port}/ok.ics`, dev, resolve)).rejects.toThrow(/own address/);
  });

  it('refuses IPv6 literals that carry a loopback address in the web address itself', async () => {
    await expect(safeFetchText('http://[::127.0.0.1]:9/', defaultFetchPolicy)).rejects.toThrow(/loopback/);
    await expect(safeFetchText('http://[2002:7f00:1::]:9/', defaultFetchPolicy)).rejects.toThrow(/loopback/);
  });
});
