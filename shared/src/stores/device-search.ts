import { createResource } from '../api/resource';
import type { AnyRecord } from '../api/resource';
import { listFound, loadSearchIndex, saveSearchIndex } from '../crypto/device-search';
import type { DeviceSearch } from '../crypto/device-search';
import type { DataKey } from '../crypto/keys';
import type { EncryptableModel } from '../crypto/records';
import { $encryption, onEncryptableWrite } from './encryption';
import type { EncryptableWrite } from './encryption';

/**
 * The journal's search while encryption is on (the server holds only ciphertext, so it cannot search). Loaded
 * lazily, with MiniSearch, the first time someone searches an unlocked journal: the device's sealed index is
 * opened, brought up to date with the board's records (only those changed since it was sealed are indexed again),
 * and kept current as entries are written. Locking forgets it all; the index rests sealed in IndexedDB.
 */

interface Session {
  dataKey: DataKey;
  index: DeviceSearch;
  /** The records of each board synced in this page, as shown (decrypted), by model and id. */
  boards: Map<string, Promise<Map<number, AnyRecord>>>;
  saveTimer: ReturnType<typeof setTimeout> | undefined;
}

let session: Promise<Session> | null = null;
let current: Session | null = null;

/** Sealing the whole index takes a while at 10,000 entries: one save after a burst of writes. */
export const saveDelayMs = 2_000;

function forget(): void {
  if (current?.saveTimer) clearTimeout(current.saveTimer);
  session = null;
  current = null;
}

$encryption.subscribe((state) => {
  if (current && state.dataKey !== current.dataKey) forget();
});

function scheduleSave(one: Session): void {
  clearTimeout(one.saveTimer);
  one.saveTimer = setTimeout(() => {
    one.saveTimer = undefined;
    if (current === one) void saveSearchIndex(one.dataKey, one.index).catch(() => undefined);
  }, saveDelayMs);
}

/** Saves at once what a delayed save would (tests, and before the page goes). */
export async function flushDeviceSearch(): Promise<void> {
  if (!current?.saveTimer) return;
  clearTimeout(current.saveTimer);
  current.saveTimer = undefined;
  await saveSearchIndex(current.dataKey, current.index);
}

function apply(one: Session, write: EncryptableWrite): void {
  const records = one.boards.get(`${write.model}:${write.board}`);
  if ('removed' in write) {
    one.index.remove(write.model, write.removed);
    void records?.then((map) => map.delete(write.removed));
  } else {
    const record = write.record as AnyRecord;
    // A record this device cannot read has no words to index.
    if ('e2e_state' in record) return;
    one.index.put(write.model, [record]);
    void records?.then((map) => map.set(record.id, record));
  }
  scheduleSave(one);
}

function sessionOf(dataKey: DataKey): Promise<Session> {
  if (!session) {
    session = loadSearchIndex(dataKey).then((index) => {
      const one: Session = { dataKey, index, boards: new Map(), saveTimer: undefined };
      const stop = onEncryptableWrite((write) => {
        if (current === one) apply(one, write);
        else stop();
      });
      current = one;
      return one;
    });
    session.catch(() => forget());
  }
  return session;
}

/** Every record of the board, the index brought up to date with them. Once per board and page. */
function synced(one: Session, model: EncryptableModel, board: number): Promise<Map<number, AnyRecord>> {
  const key = `${model}:${board}`;
  let records = one.boards.get(key);
  if (!records) {
    records = (async () => {
      const resource = createResource(model);
      const map = new Map<number, AnyRecord>();
      let cursor: string | undefined;
      do {
        const page = await resource.all(board, { limit: 200, ...(cursor ? { cursor } : {}) });
        if (!page.ok) throw page.error;
        for (const record of page.data.items) map.set(record.id, record);
        cursor = page.data.nextCursor ?? undefined;
      } while (cursor);
      const readable = [...map.values()].filter((record) => !('e2e_state' in record));
      const changed = readable.filter((record) => !one.index.holds(model, record));
      one.index.put(model, changed);
      const gone = one.index.idsOf(model, board).filter((id) => !map.has(id));
      for (const id of gone) one.index.remove(model, id);
      if (changed.length > 0 || gone.length > 0) scheduleSave(one);
      return map;
    })();
    one.boards.set(key, records);
    // A failed sync (offline) is tried again at the next search.
    records.catch(() => one.boards.delete(key));
  }
  return records;
}

export interface DeviceQuery {
  search: string;
  /** `YYYY-MM-DD`: records dated on or before it only. */
  to?: string;
}

/**
 * The board's records of `model` matching the search, newest first, as the server's list gives them: every word
 * required, the last ones as prefixes. Needs the unlocked key.
 */
export async function searchOnDevice(model: EncryptableModel, board: number, query: DeviceQuery): Promise<AnyRecord[]> {
  const { dataKey } = $encryption.get();
  if (!dataKey) throw new Error('Unlock your journal to search it.');
  const one = await sessionOf(dataKey);
  const records = await synced(one, model, board);
  return listFound(one.index.search(model, query.search, board), records, query.to);
}
