/**
 * One class per failure. `name` is set explicitly because minifiers mangle constructor names;
 * `code` is stable and shown by error panels.
 */
import { errorCodes } from './error-codes';
import type { ErrorCode } from './error-codes';

export type { ErrorCode } from './error-codes';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: ErrorCode = errorCodes.http;
  /** HTTP status, 0 when no response arrived. */
  readonly status: number;
  /** The response body as received, for callers that read more than the message. */
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown = null) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

export class NetworkError extends ApiError {
  override name = 'NetworkError';
  override readonly code = errorCodes.network;
}

/** 401: not signed in, or the token was revoked or expired. */
export class AuthExpiredError extends ApiError {
  override name = 'AuthExpiredError';
  override readonly code = errorCodes.authExpired;
}

export class ForbiddenError extends ApiError {
  override name = 'ForbiddenError';
  override readonly code = errorCodes.forbidden;
}

export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
  override readonly code = errorCodes.notFound;
}

/** The server answered `Unable to find model: {name}`. */
export class UnknownModelError extends ApiError {
  override name = 'UnknownModelError';
  override readonly code = errorCodes.unknownModel;
}

/** 419: a stale session or CSRF token. */
export class StaleSessionError extends ApiError {
  override name = 'StaleSessionError';
  override readonly code = errorCodes.sessionStale;
}

/** 422: invalid input; `fieldErrors` holds the contract's `errors` map. */
export class ValidationError extends ApiError {
  override name = 'ValidationError';
  override readonly code = errorCodes.validation;
  readonly fieldErrors: FieldErrors;

  constructor(message: string, status: number, body: unknown, fieldErrors: FieldErrors) {
    super(message, status, body);
    this.fieldErrors = fieldErrors;
  }
}

export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  override readonly code = errorCodes.rateLimited;
}

export class ServerError extends ApiError {
  override name = 'ServerError';
  override readonly code = errorCodes.server;
}

/** A 2xx answer that said `success: false`. */
export class RequestRejectedError extends ApiError {
  override name = 'RequestRejectedError';
  override readonly code = errorCodes.rejected;
}

/** A 2xx answer without the fields the contract promises. */
export class BadResponseError extends ApiError {
  override name = 'BadResponseError';
  override readonly code = errorCodes.badResponse;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFieldErrors(body: unknown): FieldErrors {
  if (!isRecord(body) || !isRecord(body.errors)) return {};
  const out: FieldErrors = {};
  for (const [field, reasons] of Object.entries(body.errors)) {
    if (Array.isArray(reasons)) out[field] = reasons.filter((r): r is string => typeof r === 'string');
    else if (typeof reasons === 'string') out[field] = [reasons];
  }
  return out;
}

/** The human message a body carries (`message` or `error`), else the fallback. */
export function messageOf(body: unknown, fallback: string): string {
  if (typeof body === 'string' && body) return body;
  if (isRecord(body)) {
    if (typeof body.message === 'string' && body.message) return body.message;
    if (typeof body.error === 'string' && body.error) return body.error;
  }
  return fallback;
}

const unknownModel = /^Unable to find model: /;

/** Maps a non-success answer to its error class. `status` 0 means no answer at all. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const message = (fallback: string) => messageOf(body, fallback);
  if (status === 0) return new NetworkError(message('The server could not be reached.'), 0, body);
  if (status === 401) return new AuthExpiredError(message('Please sign in again.'), status, body);
  if (status === 403) return new ForbiddenError(message('You are not allowed to do that.'), status, body);
  if (status === 419) return new StaleSessionError(message('Your session is stale; please reload.'), status, body);
  if (status === 422)
    return new ValidationError(message('Please check the form.'), status, body, readFieldErrors(body));
  if (status === 429) return new RateLimitError('Too Many Requests!', status, body);
  if (status >= 500) return new ServerError(message('Something went wrong on the server.'), status, body);
  const text = message(`Request failed (${status}).`);
  if (unknownModel.test(text)) return new UnknownModelError(text, status, body);
  if (status === 404) return new NotFoundError(text, status, body);
  if (status >= 200 && status < 300)
    return new RequestRejectedError(messageOf(body, 'The request was not accepted.'), status, body);
  return new ApiError(text, status, body);
}
