import { useEffect, useRef, useState } from 'react';
import { isSuccessStatus, send } from './client';

export type Load<T> =
  | { state: 'loading' }
  | { state: 'ready'; data: T }
  | { state: 'missing' }
  | { state: 'failed'; status: number; message: string };

/** Reads what the server says went wrong (`{ message }` or `{ error }`), or a sentence for no answer at all. */
export function problemOf(status: number, body: unknown): string {
  if (typeof body === 'object' && body !== null) {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof error === 'string' && error) return error;
  }
  if (status === 0) return 'The server could not be reached. Check your connection and try again.';
  if (status === 401) return 'Please sign in again.';
  if (status === 403) return 'You are not allowed to see this.';
  return `The server answered ${status}.`;
}

/**
 * One GET call for a screen: loading, ready (the body passed `read`), missing (404) or failed, with a
 * reload. A body `read` refuses counts as a failure: the screen never shows a half-understood answer.
 */
export function useApiGet<T>(url: string | null, read: (body: unknown) => T | null): Load<T> & { reload: () => void } {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // `read` is a pure parser, often an inline function: its identity must not refetch.
  const reader = useRef(read);
  reader.current = read;
  useEffect(() => {
    if (url === null) return undefined;
    let live = true;
    setLoad({ state: 'loading' });
    void send({ method: 'GET', url }).then(({ status, body }) => {
      if (!live) return;
      if (status === 404) {
        setLoad({ state: 'missing' });
        return;
      }
      const data = isSuccessStatus(status) ? reader.current(body) : null;
      setLoad(
        data === null
          ? {
              state: 'failed',
              status,
              message: isSuccessStatus(status) ? 'The answer could not be read.' : problemOf(status, body),
            }
          : { state: 'ready', data },
      );
    });
    return () => {
      live = false;
    };
  }, [url, attempt]);
  return { ...load, reload: () => setAttempt((n) => n + 1) };
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `body[key]` when it is an array of objects, else null. */
export function listOf(body: unknown, key: string): Record<string, unknown>[] | null {
  const list = isRecord(body) ? body[key] : undefined;
  return Array.isArray(list) ? list.filter(isRecord) : null;
}
