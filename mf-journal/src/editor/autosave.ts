import { atom } from 'nanostores';
import type { ReadableAtom } from 'nanostores';
import { discardDraft, loadDraft, saveDraft } from '@lifeboard/shared/stores/drafts';
import { $offline, realValueOf } from '@lifeboard/shared/stores/offline';
import { $session } from '@lifeboard/shared/stores/session';
import { autosaveDelayMs, autosaveMaxWaitMs } from '@lifeboard/shared/rich-text/editor-constants';

/**
 * Autosave for one document (a journal entry or a note): the state machine, free of React and of HTTP.
 *
 *   saved ──touch──▶ unsaved ──1 s idle (10 s at most)──▶ saving ──▶ saved
 *                                                          ├──▶ offline    (no answer: retried with backoff)
 *                                                          ├──▶ failed     (refused; 5xx retried with backoff)
 *                                                          ├──▶ signed-out (401: the draft stays, applied after sign-in)
 *                                                          └──▶ conflict   (409 or another tab saved: the user picks)
 *
 * Before each save the content goes to a local draft (synchronous localStorage), so a reload, a crash, a
 * lost network or a 401 never loses text; a successful save of unchanged content removes the draft.
 */

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'offline' | 'failed' | 'signed-out' | 'conflict';

export type Fields = Record<string, unknown>;

export interface SavedRecord {
  id: number;
  updated_at: string;
  [key: string]: unknown;
}

export type SaveOutcome<R extends SavedRecord> =
  | { kind: 'saved'; record: R }
  | { kind: 'conflict'; current: R }
  | { kind: 'offline' }
  /** No network, but the save is queued on this device and will be sent once it is back (offline-queue.ts). */
  | { kind: 'queued'; record: R }
  | { kind: 'unauthorized' }
  | { kind: 'failed'; message: string; retry: boolean };

export interface SaveTransport<R extends SavedRecord> {
  /** Creates (id null) or updates the document, asserting it is still at `expectedUpdatedAt`. */
  save(id: number | null, fields: Fields, expectedUpdatedAt: string | null): Promise<SaveOutcome<R>>;
}

export interface Conflict<R extends SavedRecord> {
  mine: Fields;
  theirs: R;
}

export interface AutosaveState<R extends SavedRecord> {
  status: SaveStatus;
  /** Why the last save failed ('failed' only). */
  message: string;
  conflict: Conflict<R> | null;
  /** When the document was last saved by this tab (ISO). */
  savedAt: string | null;
  /** The document's id once it exists on the server. */
  id: number | null;
}

/** What a draft holds: the fields and the version they were edited from (a stale base ends in a conflict). */
export interface DraftContent {
  id: number | null;
  fields: Fields;
  base: string | null;
}

export interface AutosaveOptions<R extends SavedRecord> {
  /** The model name, for draft keys ("journal_entry"). */
  model: string;
  /** The stored document, or null for a new one. */
  record: R | null;
  transport: SaveTransport<R>;
  /** The current content (serializes the editor: called only when saving). */
  read: () => Fields;
  onSaved?: (record: R) => void;
  /**
   * Whether content holds nothing worth keeping (no text, every field at its default). A new document is
   * created only with its first content that stays: typing a character and taking it back creates nothing.
   */
  isEmpty?: (fields: Fields) => boolean;
  delayMs?: number;
  maxWaitMs?: number;
  /** Waits between retries of an unanswered save; the last one repeats. */
  retryDelaysMs?: readonly number[];
  /**
   * Runs a timed save (or a timed draft) when it suits the page; returns a cancel. By default at once;
   * the editor passes `whenIdle`, so serializing a long document never lands on a keystroke's frame.
   * Saves asked for (flush: blur, page hidden, leaving) never wait for it.
   */
  schedule?: (task: () => void) => () => void;
}

/** Runs `task` at once. */
export function rightAway(task: () => void): () => void {
  task();
  return () => undefined;
}

/**
 * Runs `task` when the browser is idle (after a frame has been painted, between keystrokes), or after
 * `timeoutMs` at the latest; at once where there is no `requestIdleCallback`.
 */
export function whenIdle(task: () => void, timeoutMs = 1000): () => void {
  if (typeof requestIdleCallback !== 'function') return rightAway(task);
  const handle = requestIdleCallback(() => task(), { timeout: timeoutMs });
  return () => cancelIdleCallback(handle);
}

export interface Autosave<R extends SavedRecord> {
  readonly $state: ReadableAtom<AutosaveState<R>>;
  /** The user changed something: save once they pause. */
  touch: () => void;
  /** Save now if anything is unsaved (blur, page hidden, leaving). */
  flush(): Promise<void>;
  /** Conflict: save this tab's version over theirs. */
  keepMine(): Promise<void>;
  /** Conflict: drop this tab's changes; returns their version for the page to show. */
  takeTheirs(): R | null;
  /** Another tab saved this document: 'apply' when this tab had no changes (show theirs), else a conflict. */
  receiveRemote(record: R): 'apply' | 'conflict' | 'ignored';
  /** Drops this tab's unsaved changes and their draft; `record` is the version now shown. */
  reset(record: R | null): void;
  /** Stops timers (the page is leaving; call `flush` first). */
  dispose(): void;
  /** The editor is closing: saves what is pending, then stops, unless `resume` comes first. */
  close(): Promise<void>;
  /** The same editor is shown again (React's StrictMode re-runs effects): keeps saving. */
  resume(): void;
}

// The last wait repeats: every 10 s while the API stays unreachable (a journal left open on a train gets its
// text saved soon after the connection is back, not up to half a minute later).
export const defaultRetryDelaysMs = [1000, 2000, 5000, 10_000] as const;

export function draftKeyFor(model: string, id: number | null): string {
  return `editor:${model}:${id ?? 'new'}`;
}

/** The draft left for this document by an earlier visit (and when it was kept), if any. */
export function findDraft(model: string, id: number | null): { content: DraftContent; savedAt: string } | null {
  const draft = loadDraft<DraftContent>(draftKeyFor(model, id));
  const valid =
    draft &&
    typeof draft.value === 'object' &&
    draft.value !== null &&
    typeof draft.value.fields === 'object' &&
    draft.value.fields !== null;
  return valid ? { content: draft.value, savedAt: draft.saved_at } : null;
}

export function createAutosave<R extends SavedRecord>(options: AutosaveOptions<R>): Autosave<R> {
  const { model, transport, read, onSaved } = options;
  const delayMs = options.delayMs ?? autosaveDelayMs;
  const maxWaitMs = options.maxWaitMs ?? autosaveMaxWaitMs;
  const retryDelays = options.retryDelaysMs ?? defaultRetryDelaysMs;
  const schedule = options.schedule ?? rightAway;
  let id = options.record?.id ?? null;
  let base = options.record?.updated_at ?? null;
  let dirty = false;
  let inFlight: Promise<void> | null = null;
  let again = false;
  let attempt = 0;
  let disposed = false;
  let openings = 0;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let maxTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The last save was queued offline: saved once the queue is empty. */
  let queued = false;
  const stopWatchingQueue = $offline.listen(({ pending }) => {
    if (!queued || pending > 0 || $state.get().status !== 'offline') return;
    queued = false;
    if (id !== null) id = realValueOf(id);
    if (base !== null) base = realValueOf(base);
    if (dirty) return; // the retry sends the newer text
    discardDraft(draftKeyFor(model, id));
    patch({ status: 'saved', message: '', savedAt: new Date().toISOString() });
  });
  let cancelScheduled: (() => void) | undefined;

  const $state = atom<AutosaveState<R>>({ status: 'saved', message: '', conflict: null, savedAt: null, id });
  const patch = (next: Partial<AutosaveState<R>>) => $state.set({ ...$state.get(), ...next, id });

  function clearTimers(): void {
    clearTimeout(idleTimer);
    clearTimeout(maxTimer);
    clearTimeout(retryTimer);
    cancelScheduled?.();
    idleTimer = maxTimer = retryTimer = cancelScheduled = undefined;
  }

  /** A timer's save or draft, handed to `schedule` (one at a time: a newer one replaces it). */
  function later(task: () => void): void {
    cancelScheduled?.();
    cancelScheduled = schedule(() => {
      cancelScheduled = undefined;
      task();
    });
  }

  function keepDraft(fields: Fields): void {
    // Signed out (a 401 already cleared the session): a draft would land under no user; the last one stays.
    if (!$session.get().user) return;
    saveDraft<DraftContent>(draftKeyFor(model, id), { id, fields, base });
  }

  function scheduleRetry(): void {
    const wait = retryDelays[Math.min(attempt, retryDelays.length - 1)];
    attempt++;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void run(), wait);
  }

  async function send(): Promise<void> {
    const fields = read();
    if (id === null && options.isEmpty?.(fields)) {
      dirty = false;
      discardDraft(draftKeyFor(model, null));
      patch({ status: 'saved', message: '' });
      return;
    }
    keepDraft(fields);
    dirty = false;
    patch({ status: 'saving', message: '' });
    const outcome = await transport.save(id, fields, base);
    if (disposed && outcome.kind !== 'saved') return;
    switch (outcome.kind) {
      case 'saved': {
        const wasNew = id === null;
        id = outcome.record.id;
        base = outcome.record.updated_at;
        attempt = 0;
        if (wasNew) discardDraft(draftKeyFor(model, null));
        if (dirty) keepDraft(read());
        else discardDraft(draftKeyFor(model, id));
        patch({ status: dirty ? 'unsaved' : 'saved', message: '', savedAt: new Date().toISOString() });
        onSaved?.(outcome.record);
        break;
      }
      case 'conflict':
        dirty = true;
        patch({ status: 'conflict', conflict: { mine: fields, theirs: outcome.current } });
        break;
      case 'offline':
        dirty = true;
        patch({ status: 'offline' });
        scheduleRetry();
        break;
      case 'queued':
        // Kept in the queue (and in the draft, for a reload): 'offline' until the queue has sent it. Typing
        // meanwhile is saved by the retry, queued behind it.
        id = outcome.record.id;
        base = outcome.record.updated_at;
        queued = true;
        keepDraft(fields);
        patch({ status: 'offline' });
        scheduleRetry();
        break;
      case 'unauthorized':
        dirty = true;
        patch({ status: 'signed-out' });
        break;
      case 'failed':
        dirty = true;
        patch({ status: 'failed', message: outcome.message });
        if (outcome.retry) scheduleRetry();
        break;
    }
  }

  async function run(): Promise<void> {
    if (disposed || !dirty || $state.get().status === 'conflict') return;
    if (inFlight) {
      again = true;
      return inFlight;
    }
    clearTimers();
    inFlight = send().finally(() => {
      inFlight = null;
    });
    await inFlight;
    if (again) {
      again = false;
      const status = $state.get().status;
      if (dirty && (status === 'saved' || status === 'unsaved')) await run();
    }
  }

  function touch(): void {
    if (disposed) return;
    dirty = true;
    const status = $state.get().status;
    if (status === 'conflict') return;
    if (status === 'saved' || status === 'failed') patch({ status: 'unsaved', message: '' });
    clearTimeout(idleTimer);
    if (status === 'offline' || status === 'signed-out') {
      // The retry (or the next sign-in) sends the new text; meanwhile only the draft follows the typing.
      idleTimer = setTimeout(() => later(() => keepDraft(read())), delayMs);
      return;
    }
    idleTimer = setTimeout(() => later(() => void run()), delayMs);
    maxTimer ??= setTimeout(() => later(() => void run()), maxWaitMs);
  }

  return {
    $state,
    touch,
    flush: () => run(),
    async keepMine() {
      const conflict = $state.get().conflict;
      if (!conflict) return;
      base = conflict.theirs.updated_at;
      dirty = true;
      patch({ status: 'unsaved', conflict: null });
      await run();
    },
    takeTheirs() {
      const conflict = $state.get().conflict;
      if (!conflict) return null;
      base = conflict.theirs.updated_at;
      dirty = false;
      clearTimers();
      discardDraft(draftKeyFor(model, id));
      patch({ status: 'saved', conflict: null, message: '' });
      return conflict.theirs;
    },
    reset(record) {
      id = record?.id ?? null;
      base = record?.updated_at ?? null;
      dirty = false;
      clearTimers();
      discardDraft(draftKeyFor(model, id));
      discardDraft(draftKeyFor(model, null));
      patch({ status: 'saved', conflict: null, message: '' });
    },
    receiveRemote(record) {
      if (record.id !== id || record.updated_at === base || inFlight) return 'ignored';
      if (!dirty && $state.get().status !== 'conflict') {
        base = record.updated_at;
        return 'apply';
      }
      patch({ status: 'conflict', conflict: { mine: read(), theirs: record } });
      clearTimers();
      return 'conflict';
    },
    dispose() {
      disposed = true;
      stopWatchingQueue();
      clearTimers();
    },
    close() {
      const opening = openings;
      return run().finally(() => {
        if (opening === openings) {
          disposed = true;
          clearTimers();
        }
      });
    },
    resume() {
      openings++;
      disposed = false;
    },
  };
}
