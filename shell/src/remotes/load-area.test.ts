import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAreaFoundations } from './area-foundations';
import { areaLoadsSettled, areaLoadsSettledOrAfter, startVisitedArea, trackAreaLoad, trackingLifecycle } from './load-area';
import { resetRemotesForTests } from './register';

vi.mock('./area-foundations', () => ({ loadAreaFoundations: vi.fn(async () => undefined) }));

afterEach(() => {
  vi.mocked(loadAreaFoundations).mockClear();
  resetRemotesForTests();
});

describe('the shared code that comes with an area', () => {
  it('comes with an area as much as its first screens run: none for the admin area, the kit for the journal', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // No remotes.json here: the loads fail, which these checks do not depend on.
    vi.stubGlobal('fetch', async () => new Response('not found', { status: 404 }));
    expect(startVisitedArea({ pathname: '/admin/users', search: '' }, { signedIn: true, isAdmin: true })).toBe('mf_admin');
    expect(loadAreaFoundations).toHaveBeenLastCalledWith('none');
    expect(startVisitedArea({ pathname: '/habits', search: '' }, { signedIn: true, isAdmin: true })).toBe('mf_goals');
    expect(loadAreaFoundations).toHaveBeenLastCalledWith('schema-screens');
    expect(startVisitedArea({ pathname: '/journal', search: '' }, { signedIn: true, isAdmin: true })).toBe('mf_journal');
    expect(loadAreaFoundations).toHaveBeenLastCalledWith('kit');
    await areaLoadsSettled();
    vi.unstubAllGlobals();
  });
});

describe('areaLoadsSettledOrAfter', () => {
  it('resolves when the area loads settle, before the time limit', async () => {
    let finish = () => undefined as void;
    void trackAreaLoad(new Promise<void>((resolve) => { finish = resolve; }));
    let done = false;
    const waiting = areaLoadsSettledOrAfter(60_000).then(() => { done = true; });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    finish();
    await waiting;
    expect(done).toBe(true);
  });

  it('gives up waiting on a load that hangs after the time limit', async () => {
    vi.useFakeTimers();
    let release = () => undefined as void;
    try {
      void trackAreaLoad(new Promise<void>((resolve) => { release = resolve; }));
      let done = false;
      const waiting = areaLoadsSettledOrAfter(3000).then(() => { done = true; });
      await vi.advanceTimersByTimeAsync(2999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await waiting;
      expect(done).toBe(true);
    } finally {
      release(); // not left in flight for the next test
      vi.useRealTimers();
    }
  });
});

describe('trackingLifecycle', () => {
  const props = { name: 'journal', singleSpa: {}, mountParcel: vi.fn() } as never;

  it('counts an area mount as an area load until it settles', async () => {
    let mounted = () => undefined as void;
    const mount = vi.fn(() => new Promise<void>((resolve) => { mounted = resolve; }));
    const tracked = trackingLifecycle(mount);
    if (Array.isArray(tracked)) throw new Error('one function in, one function out');
    const mounting = tracked(props);
    expect(mount).toHaveBeenCalledWith(props);
    let settled = false;
    const waiting = areaLoadsSettled().then(() => { settled = true; });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    mounted();
    await mounting;
    await waiting;
    expect(settled).toBe(true);
  });

  it('waits from the area’s module through its bootstrap (the screen’s code) to its mount, as single-spa chains them', async () => {
    let finishLoad = () => undefined as void;
    let finishBootstrap = () => undefined as void;
    const bootstrap = trackingLifecycle(() => new Promise<void>((resolve) => { finishBootstrap = resolve; }));
    const mount = trackingLifecycle(async () => undefined);
    if (Array.isArray(bootstrap) || Array.isArray(mount)) throw new Error('one function in, one function out');
    const steps: string[] = [];
    // single-spa: the loaded module, then bootstrap, then mount, each a few promise callbacks after the last.
    const later = <T,>(value: T) => Promise.resolve(value).then((v) => v).then((v) => v).then((v) => v);
    const load = trackAreaLoad(new Promise<void>((resolve) => { finishLoad = resolve; }));
    void load.then(later).then(() => bootstrap(props)).then(later).then(() => { steps.push('bootstrapped'); return mount(props); })
      .then(() => steps.push('mounted'));
    const waiting = areaLoadsSettled().then(() => steps.push('settled'));
    finishLoad();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(steps).toEqual([]);
    finishBootstrap();
    await waiting;
    expect(steps).toEqual(['bootstrapped', 'mounted', 'settled']);
  });
});
