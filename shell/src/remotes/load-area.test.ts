import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAreaFoundations } from './area-foundations';
import { areaLoadsSettled, contractProblem, startAreaEarly, trackAreaLoad, trackingMounts } from './load-area';
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
    startAreaEarly('mf_admin');
    expect(loadAreaFoundations).toHaveBeenLastCalledWith('none');
    startAreaEarly('mf_goals');
    expect(loadAreaFoundations).toHaveBeenLastCalledWith('schema-screens');
    startAreaEarly('mf_journal');
    expect(loadAreaFoundations).toHaveBeenLastCalledWith('kit');
    await areaLoadsSettled();
    vi.unstubAllGlobals();
  });
});

describe('areaLoadsSettled with a time limit', () => {
  it('resolves when the area loads settle, before the time limit', async () => {
    let finish = () => undefined as void;
    void trackAreaLoad(
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
    );
    let done = false;
    const waiting = areaLoadsSettled(60_000).then(() => {
      done = true;
    });
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
      void trackAreaLoad(
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      let done = false;
      const waiting = areaLoadsSettled(3000).then(() => {
        done = true;
      });
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

describe('trackingMounts', () => {
  it('counts an area mount as an area load until it settles', async () => {
    let mounted = () => undefined as void;
    const mount = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          mounted = resolve;
        }),
    );
    const tracked = trackingMounts(mount);
    if (Array.isArray(tracked)) throw new Error('one function in, one function out');
    const props = { name: 'journal', singleSpa: {}, mountParcel: vi.fn() } as unknown as Parameters<typeof tracked>[0];
    const mounting = tracked(props);
    expect(mount).toHaveBeenCalledWith(props);
    let settled = false;
    const waiting = areaLoadsSettled().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    mounted();
    await mounting;
    await waiting;
    expect(settled).toBe(true);
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
