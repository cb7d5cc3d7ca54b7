// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetRemotesForTests, startRemotes } from '../../remotes/load-area';
import { loadWidgetsOf, widgetAreas } from './area-widgets';

/** A closed port: nothing listens there, so every fetch of that "remote" fails like a server that is down. */
const downUrl = 'http://127.0.0.1:9/mf-manifest.json';

afterEach(() => {
  resetRemotesForTests();
  vi.unstubAllGlobals();
});

describe('loading the widgets of /home', () => {
  it('returns an area that is down with its error, so /home can say so in its place', async () => {
    await startRemotes(async () => Response.json({ mf_goals: downUrl }));
    const loaded = await loadWidgetsOf('mf_goals');
    expect(loaded).toMatchObject({ label: 'Goals', widgets: [] });
    expect(loaded.error).toBeTruthy();
  });

  it('reports every widget area when remotes.json cannot be read', async () => {
    vi.stubGlobal('fetch', async () => new Response('unavailable', { status: 503 }));
    const loaded = await Promise.all(widgetAreas.map(loadWidgetsOf));
    expect(loaded.map((entry) => entry.area)).toEqual([...widgetAreas]);
    expect(loaded.every((entry) => entry.error?.includes('503') && entry.widgets.length === 0)).toBe(true);
  });

  it('gives nothing, and no error, for an area remotes.json does not list', async () => {
    await startRemotes(async () => Response.json({}));
    expect(await loadWidgetsOf('mf_fitness')).toEqual({ area: 'mf_fitness', label: 'Fitness', widgets: [] });
  });
});
