import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores, keepMount } from 'nanostores';
import { makeUser } from '../models/test-user';

// Each test imports a fresh copy of the module, as a new page load would.
async function loadModule() {
  vi.resetModules();
  return import('./session');
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('$session', () => {
  it('starts signed out on a first visit', async () => {
    const { $session, $isSignedIn, $isAdmin } = await loadModule();
    expect($session.get()).toEqual({ token: null, user: null });
    expect($isSignedIn.get()).toBe(false);
    expect($isAdmin.get()).toBe(false);
  });

  it('persists the token under auth_token and the user, and reads both back at load', async () => {
    const first = await loadModule();
    first.setSession('tok-1', makeUser());
    expect(localStorage.getItem('auth_token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('lifeboard:user') ?? 'null')).toMatchObject({ id: 7 });
    const second = await loadModule();
    expect(second.$session.get()).toEqual({ token: 'tok-1', user: makeUser() });
    expect(second.$isSignedIn.get()).toBe(true);
  });

  it('ignores a stored user without an id', async () => {
    localStorage.setItem('lifeboard:user', JSON.stringify({ name: 'nobody' }));
    localStorage.setItem('auth_token', 'tok');
    const { $session } = await loadModule();
    expect($session.get()).toEqual({ token: 'tok', user: null });
  });

  it('ignores stored text that is not JSON', async () => {
    localStorage.setItem('lifeboard:user', '{oops');
    const { $session } = await loadModule();
    expect($session.get().user).toBeNull();
  });

  it('setUser keeps the token; clearSession removes both from storage', async () => {
    const { $session, setSession, setUser, clearSession } = await loadModule();
    setSession('tok', makeUser());
    setUser(makeUser({ name: 'Ada L.' }));
    expect($session.get()).toMatchObject({ token: 'tok', user: { name: 'Ada L.' } });
    clearSession();
    expect($session.get()).toEqual({ token: null, user: null });
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('lifeboard:user')).toBeNull();
  });

  it('setUser with the same user again changes nothing (no subscriber runs), a changed field does', async () => {
    const { $session, setSession, setUser } = await loadModule();
    setSession('tok', makeUser({ name: 'Ada' }));
    const heard: unknown[] = [];
    const stop = $session.listen((session) => heard.push(session.user));
    setUser(makeUser({ name: 'Ada' }));
    expect(heard).toHaveLength(0);
    setUser(makeUser({ name: 'Ada', tagline: 'Onwards' }));
    expect(heard).toHaveLength(1);
    setUser(null);
    expect(heard).toHaveLength(2);
    stop();
  });

  it('$isSignedIn and $isAdmin follow the user', async () => {
    const { $isSignedIn, $isAdmin, setSession, clearSession } = await loadModule();
    keepMount($isSignedIn);
    keepMount($isAdmin);
    setSession('tok', makeUser({ role: 'admin' }));
    expect([$isSignedIn.get(), $isAdmin.get()]).toEqual([true, true]);
    clearSession();
    expect([$isSignedIn.get(), $isAdmin.get()]).toEqual([false, false]);
    cleanStores($isSignedIn, $isAdmin);
  });
});

describe('another tab', () => {
  it('signing out there signs this tab out', async () => {
    const { $session, setSession } = await loadModule();
    setSession('tok', makeUser());
    localStorage.removeItem('auth_token');
    localStorage.removeItem('lifeboard:user');
    window.dispatchEvent(new StorageEvent('storage', { key: 'auth_token', newValue: null }));
    expect($session.get()).toEqual({ token: null, user: null });
  });

  it('ignores other keys', async () => {
    const { $session, setSession } = await loadModule();
    setSession('tok', makeUser());
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: 'x' }));
    expect($session.get().token).toBe('tok');
  });
});
