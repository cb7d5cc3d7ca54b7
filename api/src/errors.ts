import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { errorCodes } from '@lifeboard/shared/api/error-codes';
import type { ErrorCode } from '@lifeboard/shared/api/error-codes';

export type FieldErrors = Record<string, string[]>;

/** An error whose message is safe to show; `code` is stable for clients and logs. */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'Unauthenticated.') => new AppError(401, errorCodes.authRequired, message);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new AppError(403, errorCodes.forbidden, message);
export const notFound = (message = 'Not found.') => new AppError(404, errorCodes.notFound, message);
export const invalid = (fields: FieldErrors, message = firstMessage(fields)) =>
  new AppError(422, errorCodes.validation, message, fields);
export const tooManyRequests = (message = 'Too Many Requests!') => new AppError(429, errorCodes.rateLimited, message);

function firstMessage(fields: FieldErrors): string {
  const [field, messages] = Object.entries(fields)[0] ?? ['input', ['is invalid']];
  return `The ${field} ${messages[0] ?? 'is invalid'}.`;
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
}

/** Field name of an issue: the request's `params.` wrapper (model calls) is dropped so forms can match keys. */
function fieldOf(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  if (parts[0] === 'params' && parts.length > 1) parts.shift();
  return parts.join('.') || 'body';
}

export function issuesToFields(issues: readonly Issue[]): FieldErrors {
  // Null prototype: a client-sent key like `constructor` or `toString` must not resolve to Object.prototype.
  const fields: FieldErrors = Object.create(null) as FieldErrors;
  const add = (key: string, message: string) => {
    if (!Object.hasOwn(fields, key)) fields[key] = [];
    fields[key]?.push(message);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      const prefix = fieldOf(issue.path);
      for (const key of issue.keys)
        add(prefix === 'body' || prefix === 'params' ? key : `${prefix}.${key}`, 'is not a known field');
    } else {
      add(fieldOf(issue.path), issue.message);
    }
  }
  return { ...fields };
}

interface FastifyValidationItem {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

function validationToIssues(items: readonly FastifyValidationItem[]): Issue[] {
  return items.map((item) => ({
    path: item.instancePath.split('/').filter(Boolean),
    message: item.message ?? 'is invalid',
    code: item.keyword,
    keys: Array.isArray(item.params.keys) ? item.params.keys.map(String) : undefined,
  }));
}

const GENERIC_500 = 'Something went wrong on our side. Please try again.';
export const CONFLICT_EXISTS = 'This already exists. Reload to see it.';

/** The PostgreSQL error under a driver's wrappers: Drizzle wraps the driver's error as `cause`. */
function databaseErrorOf(error: unknown): { code: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    current = cause;
  }
  return undefined;
}

/** A unique violation (SQLSTATE 23505), optionally of one named index: two writers raced to make the same thing. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = databaseErrorOf(error);
  return found?.code === '23505' && (constraint === undefined || found.constraint === constraint);
}

/** The one error handler: contract shapes on the wire, never a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 422) return reply.code(422).send({ message: error.message, errors: error.fields ?? {} });
      return reply.code(error.statusCode).send({ success: false, error: error.message, code: error.code });
    }
    if (error instanceof ZodError) {
      const fields = issuesToFields(error.issues);
      return reply.code(422).send({ message: firstMessage(fields), errors: fields });
    }
    const fastifyError = error;
    if (fastifyError.validation) {
      const fields = issuesToFields(validationToIssues(fastifyError.validation));
      return reply.code(422).send({ message: firstMessage(fields), errors: fields });
    }
    const status = fastifyError.statusCode ?? 500;
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.code(413).send({ message: 'The request body is too large.', errors: { body: ['is too large'] } });
    }
    if (status === 400) {
      // Malformed JSON, `__proto__`/`constructor` keys, empty JSON bodies: the client sent something unreadable.
      return reply.code(422).send({
        message: `The body is not valid JSON: ${fastifyError.message}`,
        errors: { body: [fastifyError.message] },
      });
    }
    if (status === 429) {
      return reply.code(429).send({ success: false, error: 'Too Many Requests!', code: errorCodes.rateLimited });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ success: false, error: fastifyError.message, code: errorCodes.badRequest });
    }
    if (isUniqueViolation(error)) {
      // A check-then-insert lost a race (or a client repeated itself): the thing exists, nothing was written twice.
      request.log.warn({ err: error, url: request.url, method: request.method }, 'unique violation');
      return reply.code(409).send({ success: false, error: CONFLICT_EXISTS, code: errorCodes.conflict });
    }
    request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
    return reply.code(500).send({ error: GENERIC_500 });
  });
}
