import axios from 'axios';
import type { AxiosError, AxiosRequestConfig, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { configReady } from '../stores/config';
import { notify } from '../stores/notifications';
import { $offline } from '../stores/offline';
import { $session, tokenStorageKey } from '../stores/session';
import { errorFromResponse, messageOf } from './errors';
import type { ApiError } from './errors';
import { keepReadAnswer, keptReadAnswer, offlineDataCache } from './offline-copies';

/**
 * The one HTTP client of the site (spec §7, §8). Its interceptors never reject for an HTTP answer:
 * - 419: logged, and the error message is the result (`data` is that string: the body's message, else axios's);
 * - 401, 403, 422: the response as received, so callers read the error body;
 * - 429: notifies 'Too Many Requests!'; 500: notifies the body's `error`; both then give an empty result;
 * - any other failure, or no answer: an empty result.
 * "Empty result" is a response whose `data` is `null`; its `status` is the HTTP status, or 0 with no answer.
 */
declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Keep the body of an answer the spec turns into an empty result (e.g. the 404 of an unknown model),
     * so typed calls can tell failures apart. Plain `http` users get the spec's empty result.
     */
    keepErrorBody?: boolean;
    /**
     * A read call (it changes nothing): its last answer is kept on this device for this session and given back
     * offline (offline-copies.ts). Every GET is one; a POST read says so.
     */
    read?: boolean;
    /**
     * A write the app may make offline (a journal edit, a mood, a habit check-in): sent with an
     * `Idempotency-Key`, and kept on this device when no answer comes, to be sent again with the same key when
     * the network is back (offline-queue.ts). Only `send` reads it.
     */
    offline?: OfflineWrite;
  }
}

/** What a write that may be queued says about itself, and what its caller is told when it is. */
export interface OfflineWrite {
  /** What it is, in the person's words: "New mood", "Journal entry changes". */
  label: string;
  /** The person's text in it, kept to be shown if the API refuses it later. */
  text: string;
  /** The answer the caller gets in place of the API's when the write is queued (status 202). */
  standIn: () => { body: unknown; ids?: { id?: number; updated_at?: string; model?: string } };
}

/** Deletes the read answers kept for offline use (on sign-out: never shown to whoever signs in next). */
export function forgetOfflineData(): void {
  if (typeof caches === 'undefined') return;
  caches
    .delete(offlineDataCache)
    .catch((error: unknown) => console.error('The offline copies could not be deleted', error));
}

export const http = axios.create({
  withCredentials: true,
  headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  timeout: 30_000,
});

/** The spec reads the token from localStorage; the in-memory session covers a browser that refused to store it. */
export function storedToken(): string | null {
  try {
    const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(tokenStorageKey);
    return stored ?? $session.get().token;
  } catch {
    return $session.get().token;
  }
}

/**
 * The API's address comes from the runtime settings (`/settings.json`, stores/config.ts), which the page's first
 * script asks for: a call made before they are in waits for them; one made after they failed has no answer.
 */
export async function attachRequestSetup(config: InternalAxiosRequestConfig): Promise<InternalAxiosRequestConfig> {
  try {
    config.baseURL = (await configReady()).apiUrl;
  } catch (error) {
    throw new axios.AxiosError(
      `The site's settings could not be read: ${error instanceof Error ? error.message : String(error)}`,
      'ERR_SETTINGS',
      config,
    );
  }
  config.headers.set('X-Requested-With', 'XMLHttpRequest');
  const token = storedToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  else config.headers.delete('Authorization');
  return config;
}

function emptyResult(error: AxiosError, status: number, data: unknown = null): AxiosResponse {
  return {
    data,
    status,
    statusText: error.response?.statusText ?? '',
    headers: error.response?.headers ?? {},
    config: error.config ?? { headers: new axios.AxiosHeaders() },
    request: error.request,
  };
}

function readErrorField(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const value = body.error;
    return typeof value === 'string' && value ? value : null;
  }
  return null;
}

function keepAnswer(response: AxiosResponse): AxiosResponse {
  keepReadAnswer(response, (auth) => auth === `Bearer ${storedToken() ?? ''}`);
  return response;
}

export async function handleResponseError(error: unknown): Promise<AxiosResponse> {
  // Not the API's answer (a cancel, a bug): passed on as it came.
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
  if (!axios.isAxiosError(error) || axios.isCancel(error)) return Promise.reject(error);
  // No network: a read seen before gets its kept answer.
  if (error.code === 'ERR_NETWORK' && error.config) {
    const kept = await keptReadAnswer(error.config);
    if (kept) return kept;
  }
  const response = error.response;
  const status = response?.status ?? 0;
  if (status === 419) {
    // The body's message when the server gave one (e.g. "CSRF token mismatch."), else axios's.
    const message = messageOf(response?.data, error.message);
    console.error('Request failed with a stale session (419):', message);
    return emptyResult(error, status, message);
  }
  if (response && (status === 401 || status === 403 || status === 422)) return response;
  if (status === 429) notify({ kind: 'error', message: 'Too Many Requests!' });
  if (status === 500) {
    const message = readErrorField(response?.data);
    if (message) notify({ kind: 'error', message });
  }
  const keep = error.config?.keepErrorBody === true && response !== undefined;
  return emptyResult(error, status, keep ? response.data : null);
}

http.interceptors.request.use(attachRequestSetup);
http.interceptors.response.use(keepAnswer, handleResponseError);

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

/** What `send` hands to the typed calls: the status and the body, never a rejection for HTTP failures. */
export interface RawAnswer {
  status: number;
  body: unknown;
}

export async function send(config: AxiosRequestConfig): Promise<RawAnswer> {
  const { offline, ...request } = config;
  if (offline) return sendQueueable(request, offline);
  const response = await http.request<unknown>({ ...request, keepErrorBody: true });
  return { status: response.status, body: response.data };
}

function newIdempotencyKey(): string {
  return `write-${crypto.randomUUID()}`;
}

/**
 * A write that may be queued: sent with its own key; with no answer (offline, or the answer lost), or while earlier
 * offline writes still wait (so the order holds), it is kept to be sent later with that key, and the caller gets
 * the stand-in answer with status 202. The queue's code loads only then.
 */
async function sendQueueable(config: AxiosRequestConfig, offline: OfflineWrite): Promise<RawAnswer> {
  const key = newIdempotencyKey();
  const waiting = $offline.get().pending > 0;
  if (!waiting) {
    const headers = { ...(config.headers as Record<string, string> | undefined), 'Idempotency-Key': key };
    const response = await http.request<unknown>({ ...config, headers, keepErrorBody: true });
    if (response.status !== 0) return { status: response.status, body: response.data };
  }
  const queue = await import(/* webpackChunkName: "offline-queue" */ './offline-queue');
  const standIn = offline.standIn();
  const queued = await queue.queueWrite({
    url: String(config.url),
    data: config.data,
    key,
    label: offline.label,
    text: offline.text,
    ...(standIn.ids ? { stand_in: standIn.ids } : {}),
  });
  if (!queued) return { status: 0, body: null };
  if (waiting) void queue.sendQueuedWrites();
  return { status: 202, body: standIn.body };
}

export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status < 300;
}

export function failure<T>(status: number, body: unknown): ApiResult<T> {
  return { ok: false, status, error: errorFromResponse(status, body) };
}

type UnauthorizedHandler = () => void | Promise<void>;
let unauthorizedHandler: UnauthorizedHandler | null = null;
let handlingUnauthorized = false;
/** A signed-in data load's 401 that came before any handler was registered (see `reportUnauthorized`). */
let missedUnauthorized = false;

/**
 * The shell registers what a 401 during data loading does (spec §4: clear data, log out). It does so once
 * the first page has painted; a 401 reported before that is handled as soon as the handler arrives.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
  if (handler && missedUnauthorized) {
    missedUnauthorized = false;
    void reportUnauthorized();
  }
}

/** Called by data loaders on a 401; re-entrant calls (the handler's own requests) are ignored. */
export async function reportUnauthorized(): Promise<void> {
  if (!unauthorizedHandler) {
    // Kept only while a token is held: the stored session is no longer valid. Signed out, there is nothing to end.
    missedUnauthorized = Boolean($session.get().token);
    return;
  }
  if (handlingUnauthorized) return;
  handlingUnauthorized = true;
  try {
    await unauthorizedHandler();
  } finally {
    handlingUnauthorized = false;
  }
}
