// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInstance } from '@module-federation/enhanced/runtime';
import {
  contractProblem,
  fetchRemotesConfig,
  loadAreaParcel,
  parseRemotesConfig,
  registerAreas,
  reloadedForKey,
  RemotesConfigError,
  type RegisteredRemotes,
  checkRemotesForVisit,
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
        mf_admin: 'relative.json',
        mf_creator: '//elsewhere.example/mf-manifest.json',
        mf_fitness: 42,
        evil: 'http://evil.example/mf-manifest.json',
      }),
    ).toEqual({
      mf_journal: 'http://localhost:3001/mf-manifest.json',
      mf_goals: 'https://goals.example.com/mf-manifest.json',
    });
  });

  it('makes a path on the site (nginx serves the areas beside the shell) an address on its origin', () => {
    const rows = { mf_goals: '/releases/mf-goals/7/mf-manifest.json', mf_admin: '/remotes/mf-admin/mf-manifest.json' };
    expect(parseRemotesConfig(rows, 'https://lifeboard.example')).toEqual({
      mf_goals: 'https://lifeboard.example/releases/mf-goals/7/mf-manifest.json',
      mf_admin: 'https://lifeboard.example/remotes/mf-admin/mf-manifest.json',
    });
    // No page to be on (a tool, a test): a path means nothing.
    expect(parseRemotesConfig(rows, undefined)).toEqual({});
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

describe('a team deploys one area while the page is open', () => {
  const fetchFn: typeof fetch = (input, init) => fetch(`${base}${String(input)}`, init);
  const entryOf = (instance: RegisteredRemotes['instance'], name: string) =>
    (instance.options.remotes.find((remote) => remote.name === name) as { entry: string } | undefined)?.entry;

  it('registers a moved area whose code has not run anew on a visit to another area, and leaves the rest alone', async () => {
    resetRemotesForTests();
    const journal = 'http://localhost:3001/mf-manifest.json';
    served = { mf_journal: journal, mf_goals: 'http://localhost:3002/releases/1/mf-manifest.json' };
    const registered = await startRemotes(fetchFn);
    // The page's first area visit uses the page's own read.
    expect(await checkRemotesForVisit('mf_journal', registered, fetchFn)).toEqual({
      reloading: false,
      reRegistered: [],
    });
    const release2 = 'http://localhost:3002/releases/2/mf-manifest.json';
    served = { mf_journal: journal, mf_goals: release2 };
    expect(await checkRemotesForVisit('mf_journal', registered, fetchFn)).toEqual({
      reloading: false,
      reRegistered: ['mf_goals'],
    });
    expect(entryOf(registered.instance, 'mf_goals')).toBe(release2);
    expect(entryOf(registered.instance, 'mf_journal')).toBe(journal);
    expect(registered.areas.sort()).toEqual(['mf_goals', 'mf_journal']);
    // Nothing moved since.
    expect(await checkRemotesForVisit('mf_goals', registered, fetchFn)).toEqual({ reloading: false, reRegistered: [] });
  });

  it('loads the page again, once, when the visited area or one whose code runs on the page moved', async () => {
    resetRemotesForTests();
    const saved = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => saved.set(key, value),
    });
    try {
      served = { mf_goals: 'http://localhost:3002/releases/1/mf-manifest.json' };
      const registered = await startRemotes(fetchFn);
      await checkRemotesForVisit('mf_goals', registered, fetchFn);
      served = { mf_goals: 'http://localhost:3002/releases/2/mf-manifest.json' };
      let reloads = 0;
      const visit = await checkRemotesForVisit('mf_goals', registered, fetchFn, () => (reloads += 1));
      expect(visit.reloading).toBe(true);
      expect(reloads).toBe(1);
      expect(saved.get(reloadedForKey)).toBe(JSON.stringify(served));
      await checkRemotesForVisit('mf_goals', registered, fetchFn, () => (reloads += 1));
      expect(reloads).toBe(1);

      // A page that already reloaded for this very file registers the area anew instead of reloading again.
      resetRemotesForTests();
      served = { mf_goals: 'http://localhost:3002/releases/1/mf-manifest.json' };
      const again = await startRemotes(fetchFn);
      await checkRemotesForVisit('mf_journal', again, fetchFn);
      served = { mf_goals: 'http://localhost:3002/releases/2/mf-manifest.json' };
      expect(await checkRemotesForVisit('mf_goals', again, fetchFn, () => (reloads += 1))).toEqual({
        reloading: false,
        reRegistered: ['mf_goals'],
      });
      expect(reloads).toBe(1);
      expect(entryOf(again.instance, 'mf_goals')).toBe('http://localhost:3002/releases/2/mf-manifest.json');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps the areas as they are when remotes.json cannot be read again', async () => {
    resetRemotesForTests();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      served = { mf_goals: 'http://localhost:3002/mf-manifest.json' };
      const registered = await startRemotes(fetchFn);
      await checkRemotesForVisit('mf_goals', registered, fetchFn);
      const down = async () => new Response('down', { status: 502 });
      expect(await checkRemotesForVisit('mf_goals', registered, down)).toEqual({ reloading: false, reRegistered: [] });
      expect(registered.areas).toEqual(['mf_goals']);
    } finally {
      vi.restoreAllMocks();
    }
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

describe('an area built for another shell contract', () => {
  it('runs when it states this contract, or none (built before areas stated one)', () => {
    expect(contractProblem('Goals', 1)).toBeNull();
    expect(contractProblem('Goals', undefined)).toBeNull();
  });

  it('says in plain words to reload when the area is newer than this page, and what to wait for when older', () => {
    expect(contractProblem('Goals', 2)).toEqual({
      title: 'Goals needs a newer Lifeboard',
      text: 'A newer version of Goals was put online than this page can run. Reload the page to get the newest Lifeboard; the rest of the app keeps working.',
    });
    expect(contractProblem('Goals', 'two')?.title).toBe('Goals needs a newer Lifeboard');
    expect(contractProblem('Goals', 0)?.title).toBe('Goals is out of date');
  });
});
