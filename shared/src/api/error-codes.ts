/**
 * Every error code of Lifeboard, one list for the API (which sends them as `code`) and the client (whose error
 * classes and panels show them). A code is stable: clients, logs and support read it, so it is renamed never.
 */
export const errorCodes = {
  /** 401: no bearer token, a malformed one, or a revoked one. */
  authRequired: 'LB-AUTH-REQUIRED',
  /** 401: the session ran out (unused for 30 days); the client files every 401 under it. */
  authExpired: 'LB-AUTH-EXPIRED',
  /** 401 on a token, 403 on sign-in: an admin suspended the account; nothing else it asks is answered. */
  authSuspended: 'LB-AUTH-SUSPENDED',
  /** 400: a payment provider's event whose signature does not verify; nothing changes. */
  badSignature: 'LB-BAD-SIGNATURE',
  /** 402: a paid program needs a completed payment first. */
  paymentRequired: 'LB-PAYMENT-REQUIRED',
  /** 402: the card was declined; nothing changed. */
  cardDeclined: 'LB-CARD-DECLINED',
  /** 403: signed in, but not allowed (another user's board, a non-admin on an admin call). */
  forbidden: 'LB-FORBIDDEN',
  /** 404: no such record, or no such page of the API. */
  notFound: 'LB-NOT-FOUND',
  /** 404: a model call with a verb the model does not have. */
  unknownAction: 'LB-UNKNOWN-ACTION',
  /** The server answered "Unable to find model: …". */
  unknownModel: 'LB-UNKNOWN-MODEL',
  /** 409: a write met a unique index; nothing was written twice. */
  conflict: 'LB-CONFLICT',
  /** 413: an upload over the size limit. */
  uploadTooLarge: 'LB-UPLOAD-TOO-LARGE',
  /** 413: an upload that does not fit in what is left of the account's storage quota. */
  uploadQuota: 'LB-UPLOAD-QUOTA',
  /** 415: a file that is not an image of an accepted type. */
  uploadType: 'LB-UPLOAD-TYPE',
  /** 415: an upload not sent as multipart/form-data. */
  uploadNotMultipart: 'LB-UPLOAD-NOT-MULTIPART',
  /** 415: an encrypted entry's image sent without the sealed form (its version byte). */
  uploadNotSealed: 'LB-UPLOAD-NOT-SEALED',
  /** 415: an image that is not of a type a program's cover may have (JPEG, PNG, WebP). */
  coverType: 'LB-COVER-TYPE',
  /** 419: a stale session or CSRF token. */
  sessionStale: 'LB-SESSION-STALE',
  /** 422: invalid input; the body's `errors` says why, field by field. */
  validation: 'LB-VALIDATION',
  /** 429: too many requests; `Retry-After` says how long to wait. */
  rateLimited: 'LB-RATE-LIMITED',
  /** Another 4xx the API has no code of its own for. */
  badRequest: 'LB-BAD-REQUEST',
  /** 500: a mail (an invitation) could not be sent. */
  mailFailed: 'LB-MAIL-FAILED',
  /** 5xx: something failed on the server. */
  server: 'LB-SERVER',
  /** Client only: no answer arrived (offline, the server down). */
  network: 'LB-NETWORK',
  /** Client only: an answer of a status no other code covers. */
  http: 'LB-HTTP',
  /** Client only: a 2xx answer that said `success: false`. */
  rejected: 'LB-REJECTED',
  /** Client only: a 2xx answer without the fields the contract promises. */
  badResponse: 'LB-BAD-RESPONSE',
} as const;

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

const known = new Set<string>(Object.values(errorCodes));

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && known.has(value);
}
