import type { z } from '../models/zod';
import type { User, UserUpdateField, userUpdateFields } from '../models/user';
import { type BoardSummary, isBoard } from './boards';
import { call, isObject, readSuccess, type Body } from './call';
import { failure, http, reportUnauthorized } from './client';
import type { ApiResult } from './client';

export interface Device {
  id: number;
  device_id: string | null;
  name: string;
  last_used_at: string | null;
  current: boolean;
}

export interface AuthPayload {
  token: string;
  user: User;
  /**
   * Sign-up through a program link (`program_guid`): the program the new account was subscribed to and its
   * board, already the user's default. Null (or absent, on sign-in) when there was none.
   */
  subscription?: SignUpSubscription | null;
}

export interface SignUpSubscription {
  program_id: number;
  board: BoardSummary;
}

function isUser(value: unknown): value is User {
  return isObject(value) && typeof value.id === 'number';
}

function readSubscription(value: unknown): SignUpSubscription | null {
  return isObject(value) && typeof value.program_id === 'number' && isBoard(value.board)
    ? { program_id: value.program_id, board: { id: value.board.id, name: value.board.name } }
    : null;
}

const readAuth = (body: Body): AuthPayload | undefined => {
  if (typeof body.token !== 'string' || !isUser(body.user)) return undefined;
  return 'subscription' in body
    ? { token: body.token, user: body.user, subscription: readSubscription(body.subscription) }
    : { token: body.token, user: body.user };
};

const readUser = (body: Body): User | undefined => (isUser(body.user) ? body.user : undefined);

export interface LoginInput {
  email: string;
  password: string;
  device_id?: string;
}
export const login = (input: LoginInput) => call('POST', '/api/login', input, readAuth, { needsSuccess: true });

/**
 * `invitation`: the token of an e-mailed invitation link; `program_guid` subscribes the new account to that program;
 * `device_id`: this browser's id (device-db), as at sign-in, so the devices page can name it.
 */
export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  program_guid?: string;
  as_creator?: boolean;
  invitation?: string;
  device_id?: string;
}
export const register = (input: RegisterInput) =>
  call('POST', '/api/register', input, readAuth, { needsSuccess: true });

export const logout = () => call('POST', '/logout', undefined, readSuccess);

/** `data` is the user, or null when the answer carries no user with an id (spec §4: signed out). */
export const fetchUser = () =>
  call('GET', '/api/user', undefined, (body): User | null => (isUser(body.user) ? body.user : null));

/** What a user field accepts, from the shared zod schema. */
export type UserFieldValue<F extends UserUpdateField> = z.input<(typeof userUpdateFields)[F]>;

/** Exactly one field (api-contract.md); `location` is `"lat,lon"`. */
export function updateUser<F extends UserUpdateField>(field: F, value: UserFieldValue<F>) {
  return call('POST', '/api/user/update', { [field]: value }, readUser, { needsSuccess: true });
}

export const sendPasswordResetEmail = (email: string) =>
  call('POST', '/api/password/email', { email }, readSuccess, { needsSuccess: true });

export interface ResetPasswordInput {
  email: string;
  token: string;
  password: string;
}
export const resetPassword = (input: ResetPasswordInput) =>
  call('POST', '/api/password/reset', input, readSuccess, { needsSuccess: true });

export interface ChangePasswordInput {
  current_password: string;
  password: string;
}
export const changePassword = (input: ChangePasswordInput) =>
  call('POST', '/api/password/change', input, readSuccess, { needsSuccess: true });

/** `data` is the server's `onboarded` flag after the call. */
export const postOnboarded = (value: boolean) =>
  call('POST', `/api/onboarded/${value ? 1 : 0}`, undefined, (body) =>
    typeof body.onboarded === 'boolean' ? body.onboarded : undefined,
  );

export const fetchDevices = () =>
  call('GET', '/api/devices', undefined, (body) =>
    Array.isArray(body.devices) ? (body.devices as Device[]) : undefined,
  );

export const revokeDevice = (id: number) =>
  call('POST', '/api/devices/revoke', { id }, readSuccess, { needsSuccess: true });

/** Deletes the account and everything in it; the server checks the password and sends a confirmation mail. */
export const deleteAccount = (password: string) =>
  call('POST', '/api/user/delete', { password }, readSuccess, { needsSuccess: true });

/** `GET /api/user/export`: one zip of every board and record (`lifeboard.json`) with the uploads. */
export async function fetchAccountExport(): Promise<ApiResult<Blob>> {
  const response = await http.request<unknown>({
    method: 'GET',
    url: '/api/user/export',
    responseType: 'blob',
    keepErrorBody: true,
  });
  if (response.status === 200 && response.data instanceof Blob)
    return { ok: true, status: response.status, data: response.data };
  if (response.status === 401) void reportUnauthorized();
  return failure(response.status, null);
}
