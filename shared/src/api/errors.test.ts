import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthExpiredError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  RequestRejectedError,
  ServerError,
  StaleSessionError,
  UnknownModelError,
  ValidationError,
  errorFromResponse,
  messageOf,
} from './errors';

describe('errorFromResponse', () => {
  it.each([
    [0, null, NetworkError, 'NetworkError', 'LB-NETWORK'],
    [401, { message: 'Unauthenticated.' }, AuthExpiredError, 'AuthExpiredError', 'LB-AUTH-EXPIRED'],
    [403, {}, ForbiddenError, 'ForbiddenError', 'LB-FORBIDDEN'],
    [404, { message: 'No such habit' }, NotFoundError, 'NotFoundError', 'LB-NOT-FOUND'],
    [
      404,
      { success: false, error: 'Unable to find model: unicorn' },
      UnknownModelError,
      'UnknownModelError',
      'LB-UNKNOWN-MODEL',
    ],
    [419, null, StaleSessionError, 'StaleSessionError', 'LB-SESSION-STALE'],
    [422, { message: 'invalid', errors: {} }, ValidationError, 'ValidationError', 'LB-VALIDATION'],
    [429, null, RateLimitError, 'RateLimitError', 'LB-RATE-LIMITED'],
    [500, { error: 'boom' }, ServerError, 'ServerError', 'LB-SERVER'],
    [503, null, ServerError, 'ServerError', 'LB-SERVER'],
    [200, { success: false }, RequestRejectedError, 'RequestRejectedError', 'LB-REJECTED'],
    [409, null, ApiError, 'ApiError', 'LB-HTTP'],
  ])('%i → its own class with an explicit name and a stable code', (status, body, type, name, code) => {
    const error = errorFromResponse(status, body);
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
  });

  it("429's message is the spec's text", () => {
    expect(errorFromResponse(429, { message: 'x' }).message).toBe('Too Many Requests!');
  });

  it('422 keeps the field errors of the contract', () => {
    const error = errorFromResponse(422, {
      message: 'invalid',
      errors: { email: ['is taken', 3], name: 'is required' },
    });
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors).toEqual({ email: ['is taken'], name: ['is required'] });
  });

  it("500 shows the body's error", () => {
    expect(errorFromResponse(500, { error: 'Database unavailable' }).message).toBe('Database unavailable');
  });
});

describe('messageOf', () => {
  it('prefers message, then error, then the fallback', () => {
    expect(messageOf({ message: 'a', error: 'b' }, 'c')).toBe('a');
    expect(messageOf({ error: 'b' }, 'c')).toBe('b');
    expect(messageOf({}, 'c')).toBe('c');
    expect(messageOf('text body', 'c')).toBe('text body');
  });
});
