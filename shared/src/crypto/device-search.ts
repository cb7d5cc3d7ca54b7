import MiniSearch from 'minisearch';
import type { AsPlainObject } from 'minisearch';
import { openDB } from 'idb';
import { aadOf, open, seal, type DataKey } from './keys';
import type { EncryptableModel } from './fields';

/**
 * Search of encrypted entries on the device (the server cannot: it holds only ciphertext). A MiniSearch index of
 * the decrypted titles and bodies, kept in IndexedDB sealed with the data key, so the words never rest in the clear.
 */

export interface SearchableRecord {
  id: number;
  board_id?: number | null;
  updated_at?: string | null;
  title?: string | null;
  body?: string | null;
  date?: string | null;
}

interface IndexedDoc {
  key: string;
  id: number;
  model: EncryptableModel;
  board: number | null;
  title: string;
  body: string;
}

/** What is sealed: the index, and the version of each record in it (so a sync re-indexes only what changed). */
interface SealedIndex {
  format: 2;
  index: AsPlainObject;
  versions: Record<string, string>;
}

/** Text of editor HTML: tags out, so `<p>` is not a word. */
function textOf(html: string | null | undefined): string {
  return (html ?? '').replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ');
}

const options = {
  idField: 'key',
  fields: ['title', 'body'],
  storeFields: ['id', 'model', 'board'],
  // Every word required, as the server's search of plain entries; the last ones as prefixes, for search as you type.
  searchOptions: { prefix: true, combineWith: 'AND' as const, boost: { title: 2 } },
};

export class DeviceSearch {
  private constructor(
    private readonly index: MiniSearch<IndexedDoc>,
    /** `updated_at` of each indexed record, by key. */
    private readonly versions: Map<string, string> = new Map(),
  ) {}

  static empty(): DeviceSearch {
    return new DeviceSearch(new MiniSearch<IndexedDoc>(options));
  }

  /** Whether the index holds this version of the record (then a sync need not index it again). */
  holds(model: EncryptableModel, record: SearchableRecord): boolean {
    const version = this.versions.get(`${model}:${record.id}`);
    return version !== undefined && version === (record.updated_at ?? '');
  }

  /** The ids indexed for a model on a board. */
  idsOf(model: EncryptableModel, board: number): number[] {
    const prefix = `${model}:`;
    const ids: number[] = [];
    for (const key of this.versions.keys()) {
      if (!key.startsWith(prefix)) continue;
      const id = Number(key.slice(prefix.length));
      const stored = this.index.getStoredFields(key);
      if (stored?.board === board) ids.push(id);
    }
    return ids;
  }

  /** Adds or replaces decrypted records. */
  put(model: EncryptableModel, records: readonly SearchableRecord[]): void {
    for (const record of records) {
      const key = `${model}:${record.id}`;
      if (this.index.has(key)) this.index.discard(key);
      this.index.add({
        key,
        id: record.id,
        model,
        board: record.board_id ?? null,
        title: textOf(record.title),
        body: textOf(record.body),
      });
      this.versions.set(key, record.updated_at ?? '');
    }
  }

  remove(model: EncryptableModel, id: number): void {
    const key = `${model}:${id}`;
    if (this.index.has(key)) this.index.discard(key);
    this.versions.delete(key);
  }

  /** The ids of the records of `model` matching `query`, best first; of one board when `board` is given. */
  search(model: EncryptableModel, query: string, board?: number): number[] {
    return this.index
      .search(query, {
        filter: (result) => result.model === model && (board === undefined || result.board === board),
      })
      .map((result) => result.id as number);
  }

  get size(): number {
    return this.index.documentCount;
  }

  /** The index sealed with the data key, for IndexedDB. */
  async seal(dataKey: DataKey): Promise<string> {
    const whole: SealedIndex = { format: 2, index: this.index.toJSON(), versions: Object.fromEntries(this.versions) };
    return seal(dataKey.key, new TextEncoder().encode(JSON.stringify(whole)), aadOf(dataKey.userId, 'search-index'));
  }

  /** Opens a sealed index; one of another format (an older version of this code) is an error: rebuild it. */
  static async unseal(dataKey: DataKey, sealed: string): Promise<DeviceSearch> {
    const json = new TextDecoder().decode(await open(dataKey.key, sealed, aadOf(dataKey.userId, 'search-index')));
    const whole = JSON.parse(json) as Partial<SealedIndex>;
    if (whole.format !== 2 || !whole.index || typeof whole.versions !== 'object' || whole.versions === null)
      throw new Error('The search index on this device is of an older format.');
    return new DeviceSearch(
      MiniSearch.loadJS<IndexedDoc>(whole.index, options),
      new Map(Object.entries(whole.versions)),
    );
  }
}

/** A record as the list shows it: its date (or the day it was written) orders the results, newest first. */
export interface ListedRecord {
  id: number;
  created_at: string;
  date?: unknown;
}

/** The records of the ids found, dated on or before `to` when given, newest first (as the server lists them). */
export function listFound<R extends ListedRecord>(
  ids: readonly number[],
  records: ReadonlyMap<number, R>,
  to?: string,
): R[] {
  // Sort keys made once, compared as plain strings (ISO dates and instants sort as text): a common word can match
  // every entry, and a comparator doing more than this was most of the search's time at 10,000.
  const keyed: { day: string; at: string; record: R }[] = [];
  for (const id of ids) {
    const record = records.get(id);
    if (!record) continue;
    const day = typeof record.date === 'string' && record.date ? record.date : record.created_at.slice(0, 10);
    if (!to || day <= to) keyed.push({ day, at: record.created_at, record });
  }
  keyed.sort((a, b) => (a.day !== b.day ? (a.day < b.day ? 1 : -1) : a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return keyed.map((one) => one.record);
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

/**
 * The user's index from this device, or an empty one when there is none, it no longer opens, or this browser keeps
 * no IndexedDB (a private window): the search then works from memory and is built again next time.
 */
export async function loadSearchIndex(dataKey: DataKey): Promise<DeviceSearch> {
  let sealed: unknown;
  try {
    const db = await searchDb();
    sealed = await db.get('indexes', String(dataKey.userId));
    db.close();
  } catch {
    return DeviceSearch.empty();
  }
  if (typeof sealed !== 'string') return DeviceSearch.empty();
  return DeviceSearch.unseal(dataKey, sealed).catch(() => DeviceSearch.empty());
}
