import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { patchOffline, rememberRealValue } from '@lifeboard/shared/stores/offline';
import { setSession, clearSession } from '@lifeboard/shared/stores/session';
import { createAutosave, draftKeyFor, findDraft } from './autosave';
import { testUser } from './test-user';
import type { Fields, SaveOutcome, SavedRecord, SaveTransport } from './autosave';

/** A transport whose answers the test decides, recording what was sent. */
function scriptedTransport() {
  const sent: { id: number | null; fields: Fields; expected: string | null }[] = [];
  const answers: SaveOutcome<SavedRecord>[] = [];
  let version = 1;
  const transport: SaveTransport<SavedRecord> = {
    save(id, fields, expected) {
      sent.push({ id, fields, expected });
      const answer = answers.shift() ?? {
        kind: 'saved',
        record: { id: id ?? 41, updated_at: `v${++version}`, ...fields },
      };
      return Promise.resolve(answer);
    },
  };
  return { transport, sent, answers };
}

const user = testUser(7);
let text = '';

function make(
  record: SavedRecord | null = { id: 5, updated_at: 'v1' },
  options: { retryDelaysMs?: number[]; schedule?: (task: () => void) => () => void } = {},
) {
  const script = scriptedTransport();
  const saved: SavedRecord[] = [];
  const autosave = createAutosave({
    model: 'note',
    record,
    transport: script.transport,
    read: () => ({ body: text }),
    onSaved: (r) => saved.push(r),
    ...options,
  });
  return { autosave, saved, ...script };
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  setSession('token', user);
  text = '';
});
afterEach(() => {
  vi.useRealTimers();
  clearSession();
});

describe('autosave state machine', () => {
  it('hands a timed save to its scheduler (the editor waits for an idle moment), but never a flush', async () => {
    const waiting: (() => void)[] = [];
    let cancelled = 0;
    const schedule = (task: () => void) => {
      waiting.push(task);
      return () => {
        cancelled++;
      };
    };
    const { autosave, sent } = make(undefined, { schedule });
    text = 'a';
    autosave.touch();
    await vi.advanceTimersByTimeAsync(1000);
    // The pause is over, but the content is read and sent only when the scheduler runs the save.
    expect(sent).toHaveLength(0);
    expect(waiting).toHaveLength(1);
    waiting[0]();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ id: 5, fields: { body: 'a' }, expected: 'v1' }]);
    // A flush (blur, page hidden, leaving) reads and sends at once, and drops a save still waiting.
    text = 'ab';
    autosave.touch();
    await vi.advanceTimersByTimeAsync(1000);
    expect(waiting).toHaveLength(2);
    await autosave.flush();
    expect(sent.map((s) => s.fields.body)).toEqual(['a', 'ab']);
    expect(cancelled).toBeGreaterThan(0);
  });

  it('saves once, 1 s after the last keystroke, with the version it was edited from', async () => {
    const { autosave, sent } = make();
    text = 'a';
    autosave.touch();
    expect(autosave.$state.get().status).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(600);
    text = 'ab';
    autosave.touch();
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ id: 5, fields: { body: 'ab' }, expected: 'v1' }]);
    expect(autosave.$state.get().status).toBe('saved');
  });

  it('saves at least every 10 s while the user keeps typing', async () => {
    const { autosave, sent } = make();
    for (let i = 0; i < 25; i++) {
      text = `t${i}`;
      autosave.touch();
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(sent.length).toBe(1);
  });

  it('goes through saving and sends the next version after a save', async () => {
    const { autosave, sent } = make();
    text = 'one';
    autosave.touch();
    const saving = autosave.flush();
    expect(autosave.$state.get().status).toBe('saving');
    await saving;
    text = 'two';
    autosave.touch();
    await autosave.flush();
    expect(sent.map((s) => s.expected)).toEqual(['v1', 'v2']);
  });

  it('keeps a draft while offline, retries with backoff, and drops the draft once saved', async () => {
    const { autosave, sent, answers } = make(undefined, { retryDelaysMs: [1000, 4000] });
    answers.push({ kind: 'offline' }, { kind: 'offline' });
    text = 'kept';
    autosave.touch();
    await autosave.flush();
    expect(autosave.$state.get().status).toBe('offline');
    expect(findDraft('note', 5)?.content).toEqual({ id: 5, fields: { body: 'kept' }, base: 'v1' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3999);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(3);
    expect(autosave.$state.get().status).toBe('saved');
    expect(findDraft('note', 5)).toBeNull();
  });

  it('a save queued offline shows "offline" (draft kept) until the queue has sent it, then "saved"', async () => {
    const { autosave, sent, answers } = make(undefined, { retryDelaysMs: [60_000] });
    answers.push({ kind: 'queued', record: { id: 5, updated_at: 'stand-in' } });
    text = 'written on the ferry';
    autosave.touch();
    await autosave.flush();
    expect(autosave.$state.get().status).toBe('offline');
    expect(findDraft('note', 5)?.content.fields).toEqual({ body: 'written on the ferry' });
    patchOffline({ pending: 1 });
    expect(autosave.$state.get().status).toBe('offline');
    rememberRealValue('stand-in', 'v9');
    patchOffline({ pending: 0 });
    expect(autosave.$state.get().status).toBe('saved');
    expect(findDraft('note', 5)).toBeNull();
    // The next save names the version the queued one really made.
    text = 'and after';
    autosave.touch();
    await autosave.flush();
    expect(sent.map((s) => s.expected)).toEqual(['v1', 'v9']);
  });

  it('typing while offline updates the draft without extra requests', async () => {
    const { autosave, sent, answers } = make(undefined, { retryDelaysMs: [60_000] });
    answers.push({ kind: 'offline' });
    text = 'first';
    autosave.touch();
    await autosave.flush();
    text = 'first and more';
    autosave.touch();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(1);
    expect(findDraft('note', 5)?.content.fields).toEqual({ body: 'first and more' });
  });

  it('on a 401 keeps the draft and waits for a new sign-in', async () => {
    const { autosave, sent, answers } = make();
    answers.push({ kind: 'unauthorized' });
    text = 'private thoughts';
    autosave.touch();
    await autosave.flush();
    expect(autosave.$state.get().status).toBe('signed-out');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
    // The draft was kept under the user before the session went; it is there again when they sign back in.
    clearSession();
    setSession('token', user);
    expect(findDraft('note', 5)?.content.fields).toEqual({ body: 'private thoughts' });
  });

  it('on a conflict stops saving until the user chooses; keeping mine re-saves over their version', async () => {
    const { autosave, sent, answers } = make();
    answers.push({ kind: 'conflict', current: { id: 5, updated_at: 'v9', body: 'theirs' } });
    text = 'mine';
    autosave.touch();
    await autosave.flush();
    const state = autosave.$state.get();
    expect(state.status).toBe('conflict');
    expect(state.conflict).toEqual({ mine: { body: 'mine' }, theirs: { id: 5, updated_at: 'v9', body: 'theirs' } });
    autosave.touch();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent).toHaveLength(1);
    await autosave.keepMine();
    expect(sent[1]).toEqual({ id: 5, fields: { body: 'mine' }, expected: 'v9' });
    expect(autosave.$state.get().status).toBe('saved');
  });

  it('taking theirs drops my changes and their draft', async () => {
    const { autosave, answers } = make();
    answers.push({ kind: 'conflict', current: { id: 5, updated_at: 'v9', body: 'theirs' } });
    text = 'mine';
    autosave.touch();
    await autosave.flush();
    expect(autosave.takeTheirs()).toEqual({ id: 5, updated_at: 'v9', body: 'theirs' });
    expect(autosave.$state.get().status).toBe('saved');
    expect(findDraft('note', 5)).toBeNull();
  });

  it('hears another tab: applies their save when unchanged here, shows a conflict when not', async () => {
    const { autosave } = make();
    expect(autosave.receiveRemote({ id: 5, updated_at: 'v2', body: 'other tab' })).toBe('apply');
    expect(autosave.receiveRemote({ id: 6, updated_at: 'v3' })).toBe('ignored');
    text = 'here';
    autosave.touch();
    expect(autosave.receiveRemote({ id: 5, updated_at: 'v3', body: 'again' })).toBe('conflict');
    expect(autosave.$state.get().conflict?.theirs.updated_at).toBe('v3');
  });

  it('a new document is created once, then updated, and its draft moves to its id', async () => {
    const { autosave, sent } = make(null);
    text = 'new';
    autosave.touch();
    await autosave.flush();
    expect(sent[0].id).toBeNull();
    expect(autosave.$state.get().id).toBe(41);
    text = 'newer';
    autosave.touch();
    await autosave.flush();
    expect(sent[1].id).toBe(41);
    expect(localStorage.getItem(`lifeboard:draft:7:${draftKeyFor('note', null)}`)).toBeNull();
  });

  it('a refused save says why and is retried only for server errors', async () => {
    const { autosave, sent, answers } = make(undefined, { retryDelaysMs: [1000] });
    answers.push({ kind: 'failed', message: 'title: must be at most 200 characters', retry: false });
    text = 'x';
    autosave.touch();
    await autosave.flush();
    expect(autosave.$state.get()).toMatchObject({ status: 'failed', message: 'title: must be at most 200 characters' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(1);
  });

  it('closing saves what is pending and stops; a resume before it ends keeps it saving (StrictMode re-runs effects)', async () => {
    const { autosave, sent } = make();
    text = 'pending';
    autosave.touch();
    await autosave.close();
    expect(sent.map((s) => s.fields.body)).toEqual(['pending']);
    text = 'after close';
    autosave.touch();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(1);

    const again = make();
    const closing = again.autosave.close();
    again.autosave.resume();
    await closing;
    text = 'typed after the remount';
    again.autosave.touch();
    await vi.advanceTimersByTimeAsync(2000);
    expect(again.sent.map((s) => s.fields.body)).toEqual(['typed after the remount']);
  });
});
