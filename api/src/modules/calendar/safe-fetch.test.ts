import type { lookup } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFetchPolicy, refusalOf, safeFetchText } from './safe-fetch';

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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
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
});
