import { atom, computed, onSet } from 'nanostores';
import type { User } from '../models/user';
import { readStored, storageKeyPrefix, writeStored } from './persistent';

export interface Session {
  user: User | null;
  token: string | null;
}

/** The spec's name for the bearer token in localStorage (§3, §6). */
export const tokenStorageKey = 'auth_token';
export const userStorageKey = `${storageKeyPrefix}user`;

function isUser(value: unknown): value is User {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';
}

function readToken(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(tokenStorageKey);
  } catch {
    return null;
  }
}

export const $session = atom<Session>({ token: readToken(), user: readStored(userStorageKey, isUser) ?? null });

onSet($session, ({ newValue }) => {
  // The token is stored as the raw string (not JSON): the spec names it and other tools read it as is.
  try {
    if (typeof localStorage !== 'undefined') {
      if (newValue.token) localStorage.setItem(tokenStorageKey, newValue.token);
      else localStorage.removeItem(tokenStorageKey);
    }
  } catch (error) {
    console.error('Could not persist the token', error);
  }
  writeStored(userStorageKey, newValue.user ?? undefined);
});

function readSession(): Session {
  return { token: readToken(), user: readStored(userStorageKey, isUser) ?? null };
}

// Another tab signed in or out: follow it, so no tab keeps acting on a revoked token.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === tokenStorageKey || event.key === userStorageKey)
      $session.set(readSession());
  });
}

/** Signed in = we hold a user with an id (spec §4). */
export const $isSignedIn = computed($session, (session) => isUser(session.user));
export const $isAdmin = computed($session, (session) => session.user?.role === 'admin');
/** Creators (and admins) make and sell programs: the navigation shows them the Creator section. */
export const $isCreator = computed(
  $session,
  (session) => session.user?.role === 'creator' || session.user?.role === 'admin',
);

export function setSession(token: string, user: User): void {
  $session.set({ token, user });
}

/**
 * Sets the signed-in user. The same user again (what `/api/user` answers on almost every start) changes
 * nothing: a new object would re-render every subscriber, the whole layout among them.
 */
export function setUser(user: User | null): void {
  const current = $session.get();
  if (current.user === user || (current.user && user && JSON.stringify(current.user) === JSON.stringify(user))) return;
  $session.set({ ...current, user });
}

export function clearSession(): void {
  $session.set({ token: null, user: null });
}
