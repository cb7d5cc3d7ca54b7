import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allTasks, cleanStores, keepMount } from 'nanostores';
import { setUnauthorizedHandler } from '@lifeboard/shared/api/client';
import { ValidationError } from '@lifeboard/shared/api/errors';
import { getDeviceId } from '@lifeboard/shared/lib/device-db';
import { withFakeApi } from '@lifeboard/shared/lib/test-fake-api';
import type { User } from '@lifeboard/shared/models/user';
import { $board, $boards, $onboarded, setBoard } from '@lifeboard/shared/stores/board';
import { createCollection } from '@lifeboard/shared/stores/collection';
import { setConfig } from '@lifeboard/shared/stores/config';
import { $currentNote } from '@lifeboard/shared/stores/data';
import { loadDraft, saveDraft } from '@lifeboard/shared/stores/drafts';
import { $isSignedIn, $session, setSession } from '@lifeboard/shared/stores/session';
import {
  loadUser,
  login,
  logout,
  register,
  sendPasswordResetEmail,
  resetPassword,
  setOnboardedFlag,
  signOutLocally,
  startSession,
  updateUser,
} from './session-actions';

function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'ada@example.com',
    name: 'Ada',
    role: 'user',
    default_board_id: 11,
    boards: [
      { id: 10, name: 'Work' },
      { id: 11, name: 'Home life' },
    ],
    completed_onboarding_at: '2026-11-01T10:00:00.000Z',
    phone_number: null,
    tagline: null,
    show_tagline: false,
    lat: null,
    lon: null,
    send_daily_emails: false,
    has_sms_enabled: false,
    using_as_user: true,
    timezone: 'Europe/London',
    ai_model: null,
    ...overrides,
  };
}

const api = withFakeApi();
beforeEach(() => {
  signOutLocally();
  localStorage.clear();
  api.requests.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  cleanStores($session, $board, $onboarded, $isSignedIn);
});

describe('loadUser (spec §4 authentication)', () => {
  it('signs in when /api/user returns a user with an id, selecting the default board by name', async () => {
    setSession('tok', makeUser({ id: 1 }));
    api.on('GET /api/user', { body: { user: makeUser() } });
    expect(await loadUser()).toBe(true);
    expect($isSignedIn.get()).toBe(true);
    expect($session.get().user?.id).toBe(7);
    expect($board.get()).toEqual({ id: 11, name: 'Home life' });
    expect($boards.get()).toEqual([
      { id: 10, name: 'Work' },
      { id: 11, name: 'Home life' },
    ]);
  });

  it("names the board 'Default Board' when the default is not among the user's boards", async () => {
    api.on('GET /api/user', { body: { user: makeUser({ default_board_id: 99 }) } });
    await loadUser();
    expect($board.get()).toEqual({ id: 99, name: 'Default Board' });
  });

  it("names the board 'Default Board' when the user has no boards", async () => {
    api.on('GET /api/user', { body: { user: makeUser({ boards: [] }) } });
    await loadUser();
    expect($board.get()).toEqual({ id: 11, name: 'Default Board' });
  });

  it('falls back to the first board when the user has no default board', async () => {
    api.on('GET /api/user', { body: { user: makeUser({ default_board_id: null }) } });
    await loadUser();
    expect($board.get()).toEqual({ id: 10, name: 'Work' });
  });

  it('is signed out when the answer has no user', async () => {
    setSession('tok', makeUser());
    api.on('GET /api/user', { body: { user: null } });
    expect(await loadUser()).toBe(false);
    expect($isSignedIn.get()).toBe(false);
    expect($board.get().id).toBe(0);
  });

  it('keeps the stored session when no answer comes at all (offline): only the API signs out', async () => {
    setSession('tok', makeUser());
    setConfig({ apiUrl: 'http://127.0.0.1:9' }); // nothing listens there: the call gets no answer
    try {
      expect(await loadUser()).toBe(false);
    } finally {
      setConfig({ apiUrl: api.url });
    }
    expect($session.get().token).toBe('tok');
    expect($isSignedIn.get()).toBe(true);
  });

  it('is signed out when the call fails', async () => {
    setSession('tok', makeUser());
    api.on('GET /api/user', { status: 401, body: { message: 'Unauthenticated.' } });
    expect(await loadUser()).toBe(false);
    expect($session.get()).toEqual({ token: null, user: null });
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});

describe('onboarding (spec §4)', () => {
  it('is onboarded when the user has completed_onboarding_at', async () => {
    api.on('GET /api/user', { body: { user: makeUser() } });
    await loadUser();
    expect($onboarded.get()).toBe(true);
  });

  it('is not onboarded when completed_onboarding_at is null', async () => {
    api.on('GET /api/user', { body: { user: makeUser({ completed_onboarding_at: null }) } });
    await loadUser();
    expect($onboarded.get()).toBe(false);
  });

  it('is set by POST /api/onboarded/{val} to what the server answers', async () => {
    setSession('tok', makeUser({ completed_onboarding_at: null }));
    api.on('POST /api/onboarded/1', { body: { onboarded: true } });
    expect(await setOnboardedFlag(true)).toBe(true);
    expect($onboarded.get()).toBe(true);
    expect(api.requests.at(-1)?.path).toBe('/api/onboarded/1');
    expect($session.get().user?.completed_onboarding_at).toBeTruthy();
  });

  it('keeps the flag when that call fails', async () => {
    api.on('POST /api/onboarded/0', { status: 500, body: {} });
    $onboarded.set(true);
    expect(await setOnboardedFlag(false)).toBe(false);
    expect($onboarded.get()).toBe(true);
  });
});

describe('login and register', () => {
  it("sends this browser's device id and keeps the token under auth_token", async () => {
    api.on('POST /api/login', { body: { success: true, token: 'new-token', user: makeUser() } });
    const result = await login({ email: ' Ada@Example.com', password: 'correct horse' });
    expect(result.ok).toBe(true);
    const sent = api.requests.at(-1)?.body as Record<string, unknown>;
    expect(sent.device_id).toBe(await getDeviceId('ada@example.com'));
    expect(sent.device_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem('auth_token')).toBe('new-token');
    expect($isSignedIn.get()).toBe(true);
    expect($board.get()).toEqual({ id: 11, name: 'Home life' });
  });

  it('sends the same device id on the next login', async () => {
    api.on('POST /api/login', { body: { success: true, token: 't', user: makeUser() } });
    await login({ email: 'ada@example.com', password: 'x' });
    await login({ email: 'ada@example.com', password: 'x' });
    const [first, second] = api.requests.map((r) => (r.body as { device_id: string }).device_id);
    expect(first).toBe(second);
  });

  it('stays signed out on wrong credentials (422), with the field errors to show', async () => {
    api.on('POST /api/login', {
      status: 422,
      body: { message: 'Wrong e-mail or password.', errors: { email: ['Wrong e-mail or password.'] } },
    });
    const result = await login({ email: 'ada@example.com', password: 'nope' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toBeInstanceOf(ValidationError);
      expect(result.error.code).toBe('LB-VALIDATION');
    }
    expect($isSignedIn.get()).toBe(false);
  });

  it('register signs in with the new account', async () => {
    api.on('POST /api/register', {
      status: 201,
      body: { success: true, token: 'reg', user: makeUser({ completed_onboarding_at: null }) },
    });
    const result = await register({ name: 'Ada', email: 'ada@example.com', password: 'long enough pw' });
    expect(result.ok).toBe(true);
    expect($session.get().token).toBe('reg');
    expect($onboarded.get()).toBe(false);
  });

  it("register sends this browser's device id, the one the next sign-in sends too", async () => {
    api.on('POST /api/register', { status: 201, body: { success: true, token: 'reg', user: makeUser() } });
    api.on('POST /api/login', { body: { success: true, token: 't', user: makeUser() } });
    await register({ name: 'Grace', email: ' Grace@Example.com', password: 'long enough pw', program_guid: 'p-1' });
    const sent = api.requests.at(-1)?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'Grace', email: ' Grace@Example.com', program_guid: 'p-1' });
    expect(sent.device_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.device_id).toBe(await getDeviceId('grace@example.com'));
    await login({ email: 'grace@example.com', password: 'long enough pw' });
    expect((api.requests.at(-1)?.body as Record<string, unknown>).device_id).toBe(sent.device_id);
  });
});

describe('logout (spec §4)', () => {
  it('clears the user and sets board 0 when the call succeeds', async () => {
    setSession('tok', makeUser());
    setBoard(11, 'Home life');
    api.on('POST /logout', { body: { success: true } });
    await logout();
    expect(api.requests.at(-1)?.headers.authorization).toBe('Bearer tok');
    expect($session.get()).toEqual({ token: null, user: null });
    expect($board.get().id).toBe(0);
  });

  it("removes the user's drafts", async () => {
    setSession('tok', makeUser());
    saveDraft('note:new', 'private thoughts');
    api.on('POST /logout', { body: { success: true } });
    await logout();
    setSession('tok', makeUser());
    expect(loadDraft('note:new')).toBeNull();
  });

  it('clears the user and sets board 0 when the call fails', async () => {
    setSession('tok', makeUser());
    setBoard(11, 'Home life');
    api.on('POST /logout', { hangUp: true });
    await logout();
    expect($isSignedIn.get()).toBe(false);
    expect($board.get().id).toBe(0);
  });
});

describe('user update (spec §8)', () => {
  it('stores the user the server returns', async () => {
    setSession('tok', makeUser());
    setBoard(11, 'Home life');
    api.on('POST /api/user/update', ({ body }) => ({ body: { success: true, user: makeUser(body as Partial<User>) } }));
    const result = await updateUser('tagline', 'Steady wins');
    expect(result.ok).toBe(true);
    expect(api.requests.at(-1)?.body).toEqual({ tagline: 'Steady wins' });
    expect($session.get().user?.tagline).toBe('Steady wins');
    expect($board.get().id).toBe(11);
  });

  it('sets the board to 0 when the update fails', async () => {
    setSession('tok', makeUser());
    setBoard(11, 'Home life');
    api.on('POST /api/user/update', { status: 422, body: { message: 'invalid', errors: { name: ['is required'] } } });
    expect((await updateUser('name', '')).ok).toBe(false);
    expect($board.get().id).toBe(0);
  });
});

describe('password reset counts as success only when the response says success (spec §5)', () => {
  it.each([
    [{ success: true }, true],
    [{ success: false }, false],
    [{}, false],
  ])('e-mail answer %j gives %s', async (body, expected) => {
    api.on('POST /api/password/email', { body });
    expect(await sendPasswordResetEmail('ada@example.com')).toBe(expected);
  });

  it('a failed reset returns false', async () => {
    api.on('POST /api/password/reset', { status: 422, body: { message: 'The reset link has expired.' } });
    expect(await resetPassword({ email: 'ada@example.com', token: 'abc', password: 'new password 1' })).toBe(false);
  });
});

describe('a 401 during data loading (spec §4)', () => {
  it('clears the data and logs the user out', async () => {
    api.on('GET /api/user', { body: { user: makeUser() } });
    api.on('POST /logout', { status: 401, body: { message: 'Unauthenticated.' } });
    setSession('tok', makeUser());
    expect(await startSession()).toBe(true);
    saveDraft('journal:new', 'half a sentence');
    $currentNote.set({ id: 3, board_id: 11, created_at: '', updated_at: '', title: 'Secret' });
    api.on('POST /api/habit/all', { status: 401, body: { message: 'Unauthenticated.' } });
    const habits = createCollection('habit');
    keepMount(habits.$items);
    expect(await habits.load()).toBe(false);
    await allTasks();
    await vi.waitFor(() => expect($isSignedIn.get()).toBe(false));
    expect($currentNote.get()).toBeNull();
    expect($board.get().id).toBe(0);
    expect(localStorage.getItem('auth_token')).toBeNull();
    setSession('tok', makeUser());
    expect(loadDraft('journal:new')?.value).toBe('half a sentence');
    cleanStores(habits.$items);
    setUnauthorizedHandler(null);
  });

  it('without a stored token start-up is signed out and asks nothing', async () => {
    expect(await startSession()).toBe(false);
    expect(api.requests).toEqual([]);
    setUnauthorizedHandler(null);
  });
});
