import { describe, expect, it, vi } from 'vitest';
import { loadOnce, loadOnceStartingNow } from './load-once';

describe('loadOnce', () => {
  it('shares one load between callers', async () => {
    const load = vi.fn(async () => 'code');
    const get = loadOnce(load);
    expect(await Promise.all([get(), get()])).toEqual(['code', 'code']);
    expect(await get()).toBe('code');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure, so the next call loads again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('code');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('code');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('loadOnceStartingNow', () => {
  it('starts the load at once, and the first call takes it over', async () => {
    const load = vi.fn(async () => 'code');
    const get = loadOnceStartingNow(load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await get()).toBe('code');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves a failure to the later call, which loads again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('code');
    const get = loadOnceStartingNow(load);
    await Promise.resolve();
    expect(await get()).toBe('code');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
