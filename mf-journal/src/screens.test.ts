import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCollection } from '@lifeboard/shared/stores/collection';
import { preloadFor } from './screens';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('what /journal asks for ahead of its screen', () => {
  it('is the list the screen opens with: newest first, or up to the day of ?day=', async () => {
    const preload = vi.spyOn(getCollection('journal_entry'), 'preload').mockImplementation(() => undefined);
    await preloadFor({ pathname: '/journal', search: '' });
    await preloadFor({ pathname: '/journal', search: '?day=2026-11-20' });
    await preloadFor({ pathname: '/journal', search: '?day=yesterday' });
    expect(preload.mock.calls).toEqual([[{}], [{ to: '2026-11-20' }], [{}]]);
  });

  it('is no list when the address opens an entry in the editor, nor on another screen', async () => {
    const preload = vi.spyOn(getCollection('journal_entry'), 'preload').mockImplementation(() => undefined);
    await preloadFor({ pathname: '/journal', search: '?entry=12' });
    await preloadFor({ pathname: '/notes', search: '' });
    expect(preload).not.toHaveBeenCalled();
  });
});
