import MiniSearch from 'minisearch';
import { openDB } from 'idb';
import { aadOf, open, seal, type DataKey } from './keys';
import type { EncryptableModel } from './fields';

/**
 * Search of encrypted entries on the device (the server cannot: it holds only ciphertext). A MiniSearch index of
 * the decrypted titles and bodies, kept in IndexedDB sealed with the data key, so the words never rest in the clear.
 */

export interface SearchableRecord {
  id: number;
  title?: string | null;
  body?: string | null;
  date?: string | null;
}

interface IndexedDoc {
  key: string;
  id: number;
  model: EncryptableModel;
  title: string;
  body: string;
}

/** Text of editor HTML: tags out, so `<p>` is not a word. */
function textOf(html: string | null | undefined): string {
  return (html ?? '').replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ');
}

const options = {
  idField: 'key',
  fields: ['title', 'body'],
  storeFields: ['id', 'model'],
  // Every word required, as the server's search of plain entries; the last ones as prefixes, for search as you type.
  searchOptions: { prefix: true, combineWith: 'AND' as const, boost: { title: 2 } },
};

export class DeviceSearch {
  private constructor(private readonly index: MiniSearch<IndexedDoc>) {}

  static empty(): DeviceSearch {
    return new DeviceSearch(new MiniSearch<IndexedDoc>(options));
  }

  /** Adds or replaces decrypted records. */
  put(model: EncryptableModel, records: readonly SearchableRecord[]): void {
    for (const record of records) {
      const key = `${model}:${record.id}`;
      if (this.index.has(key)) this.index.discard(key);
      this.index.add({ key, id: record.id, model, title: textOf(record.title), body: textOf(record.body) });
    }
  }

  remove(model: EncryptableModel, id: number): void {
    const key = `${model}:${id}`;
    if (this.index.has(key)) this.index.discard(key);
  }

  /** The ids of the records of `model` matching `query`, best first. */
  search(model: EncryptableModel, query: string): number[] {
    return this.index
      .search(query, { filter: (result) => result.model === model })
      .map((result) => result.id as number);
  }

  get size(): number {
    return this.index.documentCount;
  }

  /** The index sealed with the data key, for IndexedDB. */
  async seal(dataKey: DataKey): Promise<string> {
    return seal(
      dataKey.key,
      new TextEncoder().encode(JSON.stringify(this.index)),
      aadOf(dataKey.userId, 'search-index'),
    );
  }

  static async unseal(dataKey: DataKey, sealed: string): Promise<DeviceSearch> {
    const json = new TextDecoder().decode(await open(dataKey.key, sealed, aadOf(dataKey.userId, 'search-index')));
    return new DeviceSearch(MiniSearch.loadJSON<IndexedDoc>(json, options));
  }
}

// Its own database: the device database of spec §9 stays at version 2 with its three stores.
const searchDb = () =>
  openDB('lifeboard-search', 1, {
    upgrade(db) {
      db.createObjectStore('indexes');
    },
  });

export async function saveSearchIndex(dataKey: DataKey, index: DeviceSearch): Promise<void> {
  const db = await searchDb();
  await db.put('indexes', await index.seal(dataKey), String(dataKey.userId));
  db.close();
}

/** The user's index from this device, or an empty one when there is none (or it no longer opens). */
export async function loadSearchIndex(dataKey: DataKey): Promise<DeviceSearch> {
  const db = await searchDb();
  const sealed: unknown = await db.get('indexes', String(dataKey.userId));
  db.close();
  if (typeof sealed !== 'string') return DeviceSearch.empty();
  return DeviceSearch.unseal(dataKey, sealed).catch(() => DeviceSearch.empty());
}
