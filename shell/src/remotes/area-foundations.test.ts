import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAreaFoundations, resetAreaFoundationsForTests } from './area-foundations';

afterEach(() => {
  resetAreaFoundationsForTests();
  vi.restoreAllMocks();
});

describe('loading the shared code areas run', () => {
  it('loads each module once however many areas are preloaded', async () => {
    const load = vi.fn(async () => ({}));
    await Promise.all([loadAreaFoundations([load]), loadAreaFoundations([load]), loadAreaFoundations([load])]);
    await loadAreaFoundations([load]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never rejects, and tries again after a failure (a network blip must not stop a later visit)', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({});
    await expect(loadAreaFoundations([load])).resolves.toBeUndefined();
    await loadAreaFoundations([load]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads the real kit and registry modules', async () => {
    await expect(loadAreaFoundations()).resolves.toBeUndefined();
    const { ModelScreen } = await import('@lifeboard/shared/ui/ModelScreen');
    expect(typeof ModelScreen).toBe('function');
  });
});
