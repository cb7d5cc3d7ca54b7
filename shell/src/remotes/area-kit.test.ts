import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadKitFor, resetPreloadsForTests } from './load-area';

afterEach(() => {
  resetPreloadsForTests();
  vi.restoreAllMocks();
});

describe('loading the shared kit areas run', () => {
  it('loads each module once however many areas are preloaded', async () => {
    const load = vi.fn(async () => ({}));
    await Promise.all([
      loadKitFor('mf_journal', [load]),
      loadKitFor('mf_goals', [load]),
      loadKitFor('mf_goals', [load]),
    ]);
    await loadKitFor('mf_fitness', [load]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never rejects, and tries again after a failure (a network blip must not stop a later visit)', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({});
    await expect(loadKitFor('mf_goals', [load])).resolves.toBeUndefined();
    await loadKitFor('mf_goals', [load]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads nothing for the admin area, which runs its own screens', async () => {
    const load = vi.fn(async () => ({}));
    await loadKitFor('mf_admin', [load]);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the real kit modules', async () => {
    await expect(loadKitFor('mf_goals')).resolves.toBeUndefined();
    const { Button } = await import('@lifeboard/shared/ui/Button');
    expect(typeof Button).toBe('function');
  });
});
