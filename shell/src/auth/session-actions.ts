import * as api from '@lifeboard/shared/api/account';
import type { ApiResult } from '@lifeboard/shared/api/client';
import { forgetOfflineData, setUnauthorizedHandler } from '@lifeboard/shared/api/client';
import { getDeviceId } from '@lifeboard/shared/lib/device-db';
import type { User, UserUpdateField } from '@lifeboard/shared/models/user';
import { setBoards, setOnboarded } from '@lifeboard/shared/stores/board';
import { clearData } from '@lifeboard/shared/stores/data';
import { clearDrafts } from '@lifeboard/shared/stores/drafts';
import { $session, clearSession, setSession, setUser } from '@lifeboard/shared/stores/session';
import { dropBoard, selectDefaultBoard } from '../board/board-actions';

/** Spec §4 authentication and onboarding. The shell is the only writer of `$session`. */

function hasId(user: User | null | undefined): user is User {
  return typeof user?.id === 'number';
}

/** Signed in with this user: onboarded flag and default board follow the user (spec §4). */
function establish(user: User): void {
  setOnboarded(Boolean(user.completed_onboarding_at));
  selectDefaultBoard(user);
}

/** The local half of logout: no user, no token, board 0, no data (nor the answers kept for offline use). */
export function signOutLocally(): void {
  forgetOfflineData();
  clearSession();
  clearData();
  dropBoard();
  setBoards([]);
  setOnboarded(false);
}

/**
 * Signed in when `/api/user` returns a user with an id; signed out when it fails or returns none. With no answer
 * at all (offline, and no answer kept on this device) the stored session stays: only the API signs out.
 */
export async function loadUser(): Promise<boolean> {
  const result = await api.fetchUser();
  if (result.ok && hasId(result.data)) {
    setUser(result.data);
    establish(result.data);
    return true;
  }
  if (result.status === 0 && $session.get().token) return false;
  signOutLocally();
  return false;
}

export interface LoginInput {
  email: string;
  password: string;
}

/** Signs in, sending this browser's device id (device-db) so the devices page can name it. */
export async function login({ email, password }: LoginInput): Promise<ApiResult<api.AuthPayload>> {
  const deviceId = await getDeviceId(email.trim().toLowerCase());
  const result = await api.login({ email, password, ...(deviceId ? { device_id: deviceId } : {}) });
  if (result.ok) {
    setSession(result.data.token, result.data.user);
    establish(result.data.user);
  }
  return result;
}

/** Signs up (and in), sending this browser's device id like `login`: the same id the next sign-in sends. */
export async function register(input: Omit<api.RegisterInput, 'device_id'>): Promise<ApiResult<api.AuthPayload>> {
  const deviceId = await getDeviceId(input.email.trim().toLowerCase());
  const result = await api.register({ ...input, ...(deviceId ? { device_id: deviceId } : {}) });
  if (result.ok) {
    setSession(result.data.token, result.data.user);
    establish(result.data.user);
  }
  return result;
}

/**
 * Clears the user and sets the board to 0 whether or not the call succeeds. A sign-out the user asked
 * for also removes their unsaved drafts; a forced one (401) keeps them so no typed text is lost.
 */
export async function logout({ keepDrafts = false }: { keepDrafts?: boolean } = {}): Promise<void> {
  if (!keepDrafts) clearDrafts();
  try {
    await api.logout();
  } catch (error) {
    console.error('Logout request failed:', error);
  } finally {
    signOutLocally();
  }
}

/** `POST /api/onboarded/{1|0}`: the flag becomes what the server answers; false when the call fails. */
export async function setOnboardedFlag(value: boolean): Promise<boolean> {
  const result = await api.postOnboarded(value);
  if (!result.ok) return false;
  setOnboarded(result.data);
  const user = $session.get().user;
  if (user)
    setUser({
      ...user,
      completed_onboarding_at: result.data ? (user.completed_onboarding_at ?? new Date().toISOString()) : null,
    });
  return true;
}

/** One user field; success stores the returned user, a failure sets the board to 0 (spec §8). */
export async function updateUser<F extends UserUpdateField>(
  field: F,
  value: api.UserFieldValue<F>,
): Promise<ApiResult<User>> {
  const result = await api.updateUser(field, value);
  if (result.ok) setUser(result.data);
  else dropBoard();
  return result;
}

/** Counts as success only when the response says success (spec §5). */
export async function sendPasswordResetEmail(email: string): Promise<boolean> {
  return (await api.sendPasswordResetEmail(email)).ok;
}

export async function resetPassword(input: api.ResetPasswordInput): Promise<boolean> {
  return (await api.resetPassword(input)).ok;
}

export function changePassword(input: api.ChangePasswordInput): Promise<ApiResult<true>> {
  return api.changePassword(input);
}

/** A 401 during data loading clears the data and logs the user out (spec §4). */
export async function handleUnauthorized(): Promise<void> {
  clearData();
  await logout({ keepDrafts: true });
}

/**
 * Start-up: installs the 401 handler and, when a token is stored, loads the user.
 * Without a token the visitor is signed out (the stored user, if any, is dropped).
 */
export async function startSession(): Promise<boolean> {
  setUnauthorizedHandler(handleUnauthorized);
  if (!$session.get().token) {
    if ($session.get().user) signOutLocally();
    return false;
  }
  return loadUser();
}
