import { nextPaint } from '../lib/after-paint';
import { atom, onMount, task } from 'nanostores';
import type { ReadableAtom } from 'nanostores';
import type { ApiResult } from '../api/client';
import { ApiError, RequestRejectedError } from '../api/errors';
import { createResource } from '../api/resource';
import type { AnyFields, AnyRecord, ListParams, ModelRecord, Resource } from '../api/resource';
import type { ModelName } from '../models/index';
import { $board, selectedBoard } from './board';
import { registerClearable } from './data';
import { appendPage, insertAt, insertNew, removeById, replaceById } from './list-rules';
import { persistentAtom, removeStoredWithPrefix, storageKeyPrefix } from './persistent';
import { keepEqual } from '../lib/keep-equal';

export type CollectionStatus = 'idle' | 'loading' | 'ready' | 'error';

/** A preload no screen took within this time (the area failed, the visitor went elsewhere) is not used. */
export const preloadFreshMs = 10_000;

/** What `remove` resolves to: call it to undo; `ok` says whether the server removed the record. */
export type Undo = (() => Promise<boolean>) & { readonly ok: boolean; readonly error: ApiError | null };

export interface Collection<R extends AnyRecord = AnyRecord> {
  readonly modelName: string;
  readonly $items: ReadableAtom<R[]>;
  readonly $status: ReadableAtom<CollectionStatus>;
  readonly $error: ReadableAtom<ApiError | null>;
  readonly $nextCursor: ReadableAtom<string | null>;
  /** Loads the first page of the current board; `params` are kept for reloads and `loadMore`. */
  load(params?: ListParams): Promise<boolean>;
  /**
   * `load(params)` ahead of the screen that shows the list (an area's `preloadFor`, beside the screen's code):
   * that screen's own `load` of the same params on the same board, within `preloadFreshMs`, takes this request
   * over, in flight or answered, instead of asking again. Taken once, so a later visit asks afresh.
   */
  preload(params?: ListParams): void;
  /** Shows `items` as the answer to `load(params)` that another request carried (/api/home's moods): no request. */
  fill(params: ListParams, items: R[]): void;
  /** Loads the page after `$nextCursor` and appends it; false when there is none or it failed. */
  loadMore(): Promise<boolean>;
  /**
   * Writes are optimistic: the list changes at once and the request is sent after that change is painted, so the
   * tap that made it is answered within its frame (the request's own main-thread work comes after).
   */
  create(fields: AnyFields): Promise<ApiResult<R>>;
  update(id: number, fields: AnyFields): Promise<ApiResult<R>>;
  /** Optimistic: the item leaves the list at once and comes back if the server refuses. */
  remove(id: number): Promise<Undo>;
  /** Fetches one record (detail pages) and refreshes it in the list if shown. */
  get(id: number): Promise<ApiResult<R>>;
  /** The record with this id in the loaded list, if any. */
  find(id: number): R | undefined;
}

function isRecordList(value: unknown): value is AnyRecord[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && typeof item.id === 'number')
  );
}

/**
 * Only the model's own fields go back to the server when an undo re-creates a record, less those only the server
 * sets (a program's guid and cover), which a create refuses. The registry (and zod with it) loads here, on an
 * undo, not with every list.
 */
async function writableFields(modelName: string, record: AnyRecord): Promise<AnyFields> {
  // Offline, the registry may not load: the record's own keys (without the server's) are sent instead.
  const def = await import('../models/index').then(
    ({ findModel }) => findModel(modelName),
    () => undefined,
  );
  const keys = def
    ? Object.keys(def.fields.shape).filter((k) => !def.serverOwned?.includes(k))
    : Object.keys(record).filter((k) => !['id', 'board_id', 'user_id', 'created_at', 'updated_at'].includes(k));
  return Object.fromEntries(keys.filter((k) => record[k] !== undefined).map((k) => [k, record[k]]));
}

let temporaryId = -1;
const noBoardMessage = 'Your boards have not loaded yet, so this was not saved. Check your connection and try again.';

const storedListPrefix = `${storageKeyPrefix}items:`;

// clearData() also drops the lists kept on this device by collections this page never created (a sign-out
// on /login must not leave the last user's journal in localStorage for the next one to see).
registerClearable(() => removeStoredWithPrefix(storedListPrefix));

/** A list longer than this (as JSON) is kept in memory only: ~40 lists must share the ~5 MB quota with the token. */
export const maxPersistedChars = 100_000;

export function createCollection<N extends ModelName>(modelName: N): Collection<ModelRecord<N>>;
export function createCollection(modelName: string): Collection;
export function createCollection(modelName: string): Collection {
  const resource: Resource<AnyRecord> = createResource(modelName);
  const $items = persistentAtom<AnyRecord[]>(`${storedListPrefix}${modelName}`, [], isRecordList, {
    maxChars: maxPersistedChars,
    // Encrypted records are on screen decrypted: they stay in memory, never in localStorage in the clear.
    keep: (list) => (list.some((record) => record.encrypted) ? list.filter((record) => !record.encrypted) : list),
  });
  const $status = atom<CollectionStatus>('idle');
  const $error = atom<ApiError | null>(null);
  const $nextCursor = atom<string | null>(null);
  // Internal reads use `.value`: `get()` on an unmounted store would mount it and run `onMount`.
  const items = (): AnyRecord[] => $items.value;
  let params: ListParams = {};
  // Answers to list requests sent before the latest load, clear or board change are dropped.
  let generation = 0;
  // The answers to writes (create, update, remove, get) sent before a clear are dropped; so are those for
  // another board than the current one. A reload does not drop them: it is the same list.
  let scope = 0;
  // The local changes made while the latest load is in flight. The server may have read the list before they
  // reached it, so they are made again on its answer: a record created meanwhile does not vanish.
  let changesDuringLoad: Array<(list: AnyRecord[]) => AnyRecord[]> | null = null;
  // The request of `preload`, until a `load` takes it over or passes it by.
  let preloaded: { board: number; key: string; at: number; answer: Promise<boolean> } | null = null;

  /** Changes the shown list, and the answer of a load in flight when it comes. */
  function change(edit: (list: AnyRecord[]) => AnyRecord[]): void {
    $items.set(edit(items()));
    changesDuringLoad?.push(edit);
  }

  function reset(): void {
    generation++;
    scope++;
    changesDuringLoad = null;
    preloaded = null;
    $items.set([]);
    $status.set('idle');
    $error.set(null);
    $nextCursor.set(null);
  }
  registerClearable(reset);

  function fail(error: ApiError): void {
    $error.set(error);
    $status.set('error');
  }

  function load(next: ListParams = params): Promise<boolean> {
    const taken = preloaded;
    preloaded = null;
    params = { ...next };
    delete params.cursor;
    const board = $board.get().id;
    if (taken?.board === board && taken.key === JSON.stringify(params) && Date.now() - taken.at < preloadFreshMs)
      return taken.answer;
    const mine = ++generation;
    if (!board) {
      changesDuringLoad = null;
      $items.set([]);
      $status.set('idle');
      return Promise.resolve(false);
    }
    $status.set('loading');
    $error.set(null);
    const changes: Array<(list: AnyRecord[]) => AnyRecord[]> = [];
    changesDuringLoad = changes;
    return task(async () => {
      const result = await resource.all(board, params);
      if (mine !== generation) return false;
      changesDuringLoad = null;
      if (!result.ok) {
        // Spec §8: failures are logged; an answer with success false empties the list. Any other failure
        // (API down, 5xx) keeps what was shown, so an outage never blanks a screen; `$error` says why.
        console.error(`Loading ${modelName} failed:`, result.error.message);
        if (result.error instanceof RequestRejectedError) {
          $items.set([]);
          $nextCursor.set(null);
        }
        fail(result.error);
        return false;
      }
      $items.set(changes.reduce((list, edit) => edit(list), result.data.items));
      $nextCursor.set(result.data.nextCursor);
      $status.set('ready');
      return true;
    });
  }

  function preload(next: ListParams = {}): void {
    const board = $board.get().id;
    // No board yet (a sign-in under way): the screen loads its list when the board is set.
    if (!board) return;
    const answer = load(next);
    preloaded = { board, key: JSON.stringify(params), at: Date.now(), answer };
  }

  function fill(next: ListParams, list: AnyRecord[]): void {
    generation++;
    preloaded = null;
    changesDuringLoad = null;
    params = { ...next };
    $items.set(list);
    $nextCursor.set(null);
    $error.set(null);
    $status.set('ready');
  }

  /** Whether the answer to a write sent in `sentIn` for `board` still belongs in the list. */
  const stillCurrent = (sentIn: number, board: number) => sentIn === scope && board === $board.get().id;

  function loadMore(): Promise<boolean> {
    const cursor = $nextCursor.get();
    const board = $board.get().id;
    if (!cursor || !board || $status.get() === 'loading') return Promise.resolve(false);
    const mine = generation;
    $status.set('loading');
    return task(async () => {
      const result = await resource.all(board, { ...params, cursor });
      if (mine !== generation) return false;
      if (!result.ok) {
        console.error(`Loading more ${modelName} failed:`, result.error.message);
        fail(result.error);
        return false;
      }
      $items.set(appendPage(items(), result.data.items));
      $nextCursor.set(result.data.nextCursor);
      $status.set('ready');
      return true;
    });
  }

  function create(fields: AnyFields): Promise<ApiResult<AnyRecord>> {
    const now = new Date().toISOString();
    const draft: AnyRecord = {
      ...fields,
      id: temporaryId--,
      board_id: $board.get().id,
      created_at: now,
      updated_at: now,
    };
    const mine = scope;
    change((list) => insertNew(modelName, list, draft));
    return task(async () => {
      await nextPaint();
      const board = await selectedBoard();
      const result: ApiResult<AnyRecord> = board
        ? await resource.create(board, fields)
        : { ok: false, status: 0, error: new ApiError(noBoardMessage, 0) };
      if (!stillCurrent(mine, board)) return result;
      if (result.ok) change((list) => insertNew(modelName, removeById(list, draft.id), result.data));
      else {
        change((list) => removeById(list, draft.id));
        $error.set(result.error);
      }
      return result;
    });
  }

  function update(id: number, fields: AnyFields): Promise<ApiResult<AnyRecord>> {
    const board = $board.get().id;
    const before = items().find((item) => item.id === id);
    const mine = scope;
    // The optimistic copy shows the new fields, not the request's version check (`expected_updated_at`).
    const { expected_updated_at: _versionCheck, ...shown } = fields;
    if (before) change((list) => list.map((item) => (item.id === id ? { ...item, ...shown, id } : item)));
    return task(async () => {
      await nextPaint();
      const answered = await resource.update(board, id, fields);
      // Queued offline (202): the answer is the fields written; the record as shown fills in the rest.
      const result =
        answered.ok && answered.status === 202 && before
          ? { ...answered, data: { ...before, ...answered.data } }
          : answered;
      if (!stillCurrent(mine, board)) return result;
      if (result.ok)
        change((list) =>
          replaceById(
            list,
            keepEqual(
              list.find((item) => item.id === id),
              result.data,
            ),
          ),
        );
      else {
        if (before) change((list) => replaceById(list, before));
        $error.set(result.error);
      }
      return result;
    });
  }

  function remove(id: number): Promise<Undo> {
    const board = $board.get().id;
    const list = items();
    const index = list.findIndex((item) => item.id === id);
    const removed = index >= 0 ? list[index] : undefined;
    const mine = scope;
    change((shown) => removeById(shown, id));
    return task(async () => {
      await nextPaint();
      const result = await resource.remove(board, id);
      if (!result.ok && stillCurrent(mine, board) && removed) {
        change((shown) => insertAt(shown, index, removed));
        $error.set(result.error);
      }
      const undo = async (): Promise<boolean> => {
        if (!result.ok || !removed || !stillCurrent(mine, board)) return false;
        const fields = await writableFields(modelName, removed);
        const restored = await task(() => resource.create(board, fields));
        if (!restored.ok) {
          $error.set(restored.error);
          return false;
        }
        if (stillCurrent(mine, board)) change((shown) => insertAt(shown, index, restored.data));
        return true;
      };
      return Object.assign(undo, { ok: result.ok, error: result.ok ? null : result.error });
    });
  }

  function get(id: number): Promise<ApiResult<AnyRecord>> {
    const board = $board.get().id;
    const mine = scope;
    return task(async () => {
      const result = await resource.get(board, id);
      if (result.ok && stillCurrent(mine, board)) change((list) => replaceById(list, result.data));
      return result;
    });
  }

  // While a screen shows the list, a board switch reloads it (spec §4). Screens call `load()` themselves
  // (with their search params); a list nobody shows is emptied by `clearData()` and loaded when next shown.
  onMount($items, () =>
    $board.listen((board, previous) => {
      if (board.id !== previous?.id) void load();
    }),
  );

  return {
    modelName,
    $items,
    $status,
    $error,
    $nextCursor,
    load,
    preload,
    fill,
    loadMore,
    create,
    update,
    remove,
    get,
    find: (id) => items().find((item) => item.id === id),
  };
}

const shared = new Map<string, Collection>();

/** The one shared collection of a model, so every screen and remote shows the same list. */
export function getCollection<N extends ModelName>(modelName: N): Collection<ModelRecord<N>>;
export function getCollection(modelName: string): Collection;
export function getCollection(modelName: string): Collection {
  let collection = shared.get(modelName);
  if (!collection) {
    collection = createCollection(modelName);
    shared.set(modelName, collection);
  }
  return collection;
}
