// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { areaLoadsSettled, startAreaEarly } from './load-area';
import { isPreloadable, isPreloadedAsset, preloadArea, preloadWhenIdle, resetPreloadsForTests } from './preload';
import { resetRemotesForTests, startRemotes } from './register';
import { areaNames } from './remotes';

/** Every path asked of the fake remotes' server: what a browser's network log would show. */
let requested: string[] = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    requested.push(req.url ?? '');
    res.statusCode = 404; // no real remote: a preload fails after asking, which is all these tests need
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => {
  vi.unstubAllGlobals();
  resetPreloadsForTests();
  resetRemotesForTests();
  requested = [];
});

/** Starts the remotes from a `remotes.json` that puts each area under its own path of the test server. */
async function start(): Promise<void> {
  const config = Object.fromEntries(areaNames.map((area) => [area, `${base}/${area}/mf-manifest.json`]));
  await startRemotes(async () => Response.json(config));
}

const asked = (area: string) => requested.filter((url) => url.startsWith(`/${area}/`));

describe('preloading areas', () => {
  it('never preloads the admin area, and preloads every other one', () => {
    expect(isPreloadable('mf_admin')).toBe(false);
    expect(areaNames.filter(isPreloadable)).toEqual(['mf_journal', 'mf_goals', 'mf_fitness', 'mf_creator']);
  });

  it("does not fetch the admin remote's files when asked to preload it (a hover on the Admin link)", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    await start();
    expect(await preloadArea('mf_admin')).toBe(false);
    expect(asked('mf_admin')).toEqual([]);
    // The same call for another area does reach its remote: the server above sees it.
    await preloadArea('mf_goals');
    expect(asked('mf_goals')).toContain('/mf_goals/mf-manifest.json');
  });

  it("leaves the admin area out of the idle preload, even in an admin's list", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    await start();
    const idle: (() => void)[] = [];
    vi.stubGlobal('window', { requestIdleCallback: (run: () => void) => idle.push(run) });
    vi.stubGlobal('document', { readyState: 'complete' });
    preloadWhenIdle(['mf_admin']);
    expect(idle).toHaveLength(0);
    preloadWhenIdle(['mf_fitness', 'mf_admin']);
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    idle[0]?.();
    await vi.waitFor(() => expect(asked('mf_fitness')).toContain('/mf_fitness/mf-manifest.json'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked('mf_admin')).toEqual([]);
  });

  it('waits for the area being opened before warming the others', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await start();
    const idle: (() => void)[] = [];
    vi.stubGlobal('window', { requestIdleCallback: (run: () => void) => idle.push(run) });
    vi.stubGlobal('document', { readyState: 'complete' });
    let answer: (() => void) | undefined;
    const opening = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const usual = server.listeners('request') as ((...args: unknown[]) => void)[];
    server.removeAllListeners('request');
    onTestFinished(() => {
      server.removeAllListeners('request');
      for (const listener of usual) server.on('request', listener);
    });
    server.on('request', (req, res) => {
      requested.push(req.url ?? '');
      const reply = () => {
        res.statusCode = 404;
        res.end();
      };
      if (req.url?.startsWith('/mf_journal/')) void opening.then(reply);
      else reply();
    });
    startAreaEarly('mf_journal');
    preloadWhenIdle(['mf_goals']);
    await vi.waitFor(() => expect(asked('mf_journal')).not.toEqual([]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(idle).toHaveLength(0); // the journal is still loading
    answer?.();
    await areaLoadsSettled();
    await vi.waitFor(() => expect(idle).toHaveLength(1));
  });
});

describe('how much a preload fetches', () => {
  it("fetches an area's entry on a hover and every screen when idle, each once", async () => {
    await start();
    const { instance } = await startRemotes();
    const preloadRemote = vi.spyOn(instance, 'preloadRemote').mockResolvedValue(undefined);
    await preloadArea('mf_goals', 'entry');
    await preloadArea('mf_goals', 'entry');
    await preloadArea('mf_goals', 'screens');
    await preloadArea('mf_goals', 'entry');
    await preloadArea('mf_goals', 'screens');
    expect(preloadRemote.mock.calls.map(([[options]]) => options.resourceCategory)).toEqual(['sync', 'all']);
    expect(preloadRemote.mock.calls.every(([[options]]) => options.filter === isPreloadedAsset)).toBe(true);
  });
});

describe('what preloading leaves out and waits for', () => {
  it('never preloads the chunks a remote builds as lazy-* (code of a later screen, such as the editor)', () => {
    expect(isPreloadedAsset('http://localhost:3001/lazy-editor.0f961a7fcf.js')).toBe(false);
    expect(isPreloadedAsset('http://localhost:3001/lazy-editor.0f961a7fcf.css')).toBe(false);
    expect(isPreloadedAsset('http://localhost:3001/__federation_expose_lifecycles.ece2cab66f.js')).toBe(true);
    expect(isPreloadedAsset('http://localhost:3001/5400.3908e3544b.js')).toBe(true);
    expect(isPreloadedAsset('http://localhost:3001/assets/lazy-editor/2159.f90df656f1.js')).toBe(true);
  });

  it("starts nothing before the page's load event, however idle the browser is", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    await start();
    const idle: (() => void)[] = [];
    const onLoad: (() => void)[] = [];
    vi.stubGlobal('window', {
      requestIdleCallback: (run: () => void) => idle.push(run),
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'load') onLoad.push(listener);
      },
    });
    vi.stubGlobal('document', { readyState: 'interactive' });
    preloadWhenIdle(['mf_goals']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(idle).toHaveLength(0);
    expect(onLoad).toHaveLength(1);
    onLoad[0]?.();
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    idle[0]?.();
    await vi.waitFor(() => expect(asked('mf_goals')).toContain('/mf_goals/mf-manifest.json'));
  });
});

describe('starting the visited area with the page', () => {
  it("fetches that area's files, and no other area's", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await start();
    startAreaEarly('mf_goals');
    await areaLoadsSettled();
    expect(asked('mf_goals')).toContain('/mf_goals/mf-manifest.json');
    expect(areaNames.filter((area) => asked(area).length > 0)).toEqual(['mf_goals']);
  });
});
