import { afterEach, describe, expect, it, vi } from 'vitest';
import { foundationImports, loadAreaFoundations, resetPreloadsForTests } from './load-area';

afterEach(() => {
  resetPreloadsForTests();
  vi.restoreAllMocks();
});

describe('loading the shared code areas run', () => {
  it('loads each module once however many areas are preloaded', async () => {
    const load = vi.fn(async () => ({}));
    await Promise.all([
      loadAreaFoundations('kit', [load]),
      loadAreaFoundations('kit', [load]),
      loadAreaFoundations('schema-screens', [load]),
    ]);
    await loadAreaFoundations('kit', [load]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never rejects, and tries again after a failure (a network blip must not stop a later visit)', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({});
    await expect(loadAreaFoundations('kit', [load])).resolves.toBeUndefined();
    await loadAreaFoundations('kit', [load]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives schema-driven areas the kit and the registry, bespoke ones the kit only, the admin area nothing', () => {
    const kit = foundationImports('kit');
    const schema = foundationImports('schema-screens');
    expect(kit.length).toBeGreaterThan(0);
    expect(schema).toEqual(expect.arrayContaining([...kit]));
    expect(schema.length).toBeGreaterThan(kit.length);
    expect(foundationImports('none')).toEqual([]);
  });

  it('loads the real kit and registry modules', async () => {
    await expect(loadAreaFoundations('schema-screens')).resolves.toBeUndefined();
    const { ModelScreen } = await import('@lifeboard/shared/ui/ModelScreen');
    expect(typeof ModelScreen).toBe('function');
  });
});
