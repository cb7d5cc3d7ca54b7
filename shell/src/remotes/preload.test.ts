// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  isPreloadable,
  preloadArea,
  resetPreloadsForTests,
  resetRemotesForTests,
  startAreaEarly,
  startRemotes,
} from './load-area';
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
});

describe('how much a preload fetches', () => {
  it("fetches an area's entry and its exposes' own files on a hover, not its screens, once", async () => {
    await start();
    const { instance } = await startRemotes();
    const preloadRemote = vi.spyOn(instance, 'preloadRemote').mockResolvedValue(undefined);
    await preloadArea('mf_goals');
    await preloadArea('mf_goals');
    expect(preloadRemote.mock.calls.map(([[options]]) => options.resourceCategory)).toEqual(['sync']);
  });
});

describe('starting the visited area with the page', () => {
  it("fetches that area's files, and no other area's", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await start();
    startAreaEarly('mf_goals');
    await vi.waitFor(() => expect(asked('mf_goals')).toContain('/mf_goals/mf-manifest.json'));
    expect(asked('mf_goals')).toContain('/mf_goals/mf-manifest.json');
    expect(areaNames.filter((area) => asked(area).length > 0)).toEqual(['mf_goals']);
  });
});
