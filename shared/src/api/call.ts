import { failure, isSuccessStatus, reportUnauthorized, send } from './client';
import type { ApiResult } from './client';
import { BadResponseError, RequestRejectedError } from './errors';

/**
 * The one way the typed calls of api-contract.md beyond the model CRUD (account, boards, calendar, notifications…)
 * reach the API. Each resolves to an `ApiResult`, never rejects for HTTP.
 */

export type Body = Record<string, unknown>;

export function isObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface CallOptions {
  /** Data loading: a 401 logs the user out (spec §4). */
  loadsData?: boolean;
  /** Whether a 2xx answer must also say `success: true` (spec §5: such calls count as success only then). */
  needsSuccess?: boolean;
}

export async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  data: unknown,
  read: (body: Body) => T | undefined,
  options: CallOptions = {},
): Promise<ApiResult<T>> {
  const { status, body } = await send({ method, url, data, read: options.loadsData === true });
  if (status === 401 && options.loadsData) void reportUnauthorized();
  if (!isSuccessStatus(status) || !isObject(body)) return failure(status, body);
  if (body.success === false || (options.needsSuccess && body.success !== true)) {
    return { ok: false, status, error: new RequestRejectedError(messageOrDefault(body), status, body) };
  }
  const value = read(body);
  if (value === undefined)
    return { ok: false, status, error: new BadResponseError(`Unexpected answer from ${url}.`, status, body) };
  return { ok: true, status, data: value };
}

function messageOrDefault(body: Body): string {
  if (typeof body.message === 'string' && body.message) return body.message;
  if (typeof body.error === 'string' && body.error) return body.error;
  return 'The request was not accepted.';
}

export const readSuccess = (): true => true;
