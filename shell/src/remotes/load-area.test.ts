// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstance } from '@module-federation/enhanced/runtime';
import {
  fetchRemotesConfig,
  loadAreaParcel,
  parseRemotesConfig,
  registerAreas,
  RemotesConfigError,
  resetRemotesForTests,
  startRemotes,
} from './load-area';

/** A closed port: nothing listens there, so every fetch of that "remote" fails like a server that is down. */
const downUrl = 'http://127.0.0.1:9/mf-manifest.json';

let server: Server;
let base = '';
let served: unknown = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/remotes.json') {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(served));
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('remotes.json', () => {
  it('keeps known areas with absolute http(s) URLs and drops the rest', () => {
    expect(
      parseRemotesConfig({
        mf_journal: 'http://localhost:3001/mf-manifest.json',
        mf_goals: 'https://goals.example.com/mf-manifest.json',
        mf_admin: '/relative.json',
        mf_fitness: 42,
        evil: 'http://evil.example/mf-manifest.json',
      }),
    ).toEqual({
      mf_journal: 'http://localhost:3001/mf-manifest.json',
      mf_goals: 'https://goals.example.com/mf-manifest.json',
    });
  });

  it('rejects a file that is not an object', () => {
    expect(() => parseRemotesConfig(['mf_journal'])).toThrow(RemotesConfigError);
    expect(() => parseRemotesConfig(null)).toThrow(RemotesConfigError);
  });

  it('is fetched over HTTP, and a missing file is an error', async () => {
    served = { mf_creator: 'http://localhost:3004/mf-manifest.json' };
    expect(await fetchRemotesConfig(`${base}/remotes.json`)).toEqual(served);
    await expect(fetchRemotesConfig(`${base}/missing.json`)).rejects.toThrow('404');
  });
});

describe('registration', () => {
  it('registers each area with the runtime and the fallback plugin once', () => {
    const instance = createInstance({ name: 'shell_test_register', remotes: [] });
    expect(registerAreas(instance, { mf_journal: 'http://localhost:3001/mf-manifest.json' })).toEqual(['mf_journal']);
    registerAreas(instance, { mf_goals: 'http://localhost:3002/mf-manifest.json' });
    expect(instance.options.remotes.map((remote) => remote.name).sort()).toEqual(['mf_goals', 'mf_journal']);
    expect(instance.options.plugins.filter((plugin) => plugin.name === 'lifeboard-remote-fallback')).toHaveLength(1);
  });

  it('reads /remotes.json once at start-up and tries again after a failure', async () => {
    resetRemotesForTests();
    let calls = 0;
    const fetchFn: typeof fetch = async (input, init) => {
      calls += 1;
      if (calls === 1) return new Response('nope', { status: 503 });
      return fetch(`${base}${String(input)}`, init);
    };
    served = { mf_fitness: downUrl };
    await expect(startRemotes(fetchFn)).rejects.toThrow('503');
    const first = await startRemotes(fetchFn);
    const again = await startRemotes(fetchFn);
    expect(first).toBe(again);
    expect(first.areas).toEqual(['mf_fitness']);
    expect(calls).toBe(2);
  });
});

describe('loading an area', () => {
  it('turns a remote that is down into its error parcel instead of a rejection', async () => {
    resetRemotesForTests();
    served = { mf_fitness: downUrl };
    await startRemotes((input, init) => fetch(`${base}${String(input)}`, init));
    const parcel = await loadAreaParcel('mf_fitness');
    expect(parcel.name).toBe('Fitness-unavailable');
  });

  it('gives an error parcel for an area remotes.json does not list', async () => {
    const parcel = await loadAreaParcel('mf_admin');
    expect(parcel.name).toBe('Admin-unavailable');
  });
});
