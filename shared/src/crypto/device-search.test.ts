import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createKeyMaterial } from './keys';
import { DeviceSearch, loadSearchIndex, saveSearchIndex } from './device-search';

describe('device search of encrypted entries', () => {
  it('finds decrypted words, by prefix, per model, and keeps the index sealed in IndexedDB', async () => {
    const { dataKey } = await createKeyMaterial(3, 'pass phrase here', 1_000);
    const index = DeviceSearch.empty();
    index.put('journal_entry', [
      { id: 1, title: 'Morning swim', body: '<p>The lake was <strong>cold</strong></p>' },
      { id: 2, title: 'Work', body: '<p>Long meeting about the budget</p>' },
    ]);
    index.put('note', [{ id: 1, title: 'Swim kit', body: 'goggles' }]);
    expect(index.search('journal_entry', 'swim')).toEqual([1]);
    expect(index.search('journal_entry', 'budg')).toEqual([2]);
    expect(index.search('journal_entry', 'strong')).toEqual([]);
    expect(index.search('note', 'swim')).toEqual([1]);
    index.put('journal_entry', [{ id: 2, title: 'Work', body: 'a quiet day' }]);
    expect(index.search('journal_entry', 'budget')).toEqual([]);
    await saveSearchIndex(dataKey, index);
    const stored = await new Promise<unknown>((resolve) => {
      const request = indexedDB.open('lifeboard-search');
      request.onsuccess = () => {
        const get = request.result.transaction('indexes').objectStore('indexes').get('3');
        get.onsuccess = () => resolve(get.result);
      };
    });
    expect(String(stored)).toMatch(/^lbe:/);
    expect(String(stored)).not.toContain('swim');
    const loaded = await loadSearchIndex(dataKey);
    expect(loaded.search('journal_entry', 'lake')).toEqual([1]);
    // Another key (another user's, or a new one) does not open it: the device starts an empty index.
    const other = await createKeyMaterial(3, 'other', 1_000);
    expect((await loadSearchIndex(other.dataKey)).size).toBe(0);
  });
});
