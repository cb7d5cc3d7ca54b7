import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { errorCodes } from '@lifeboard/shared/api/error-codes';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The responses of `/api/docs`. A response schema made with `documented()` describes an answer and never
 * changes it: the serializer sends such an answer as plain JSON, exactly as a route without a response schema
 * does, so nothing is stripped or refused. A route that wants its answer filtered by a schema (an allow-list)
 * passes a plain zod schema, which is serialized by fastify-type-provider-zod as before.
 */
const documentationOnly = new WeakSet<object>();

export function documented<T extends z.ZodType>(schema: T): T {
  documentationOnly.add(schema);
  return schema;
}

/**
 * Binds a documented schema to the wire type the handler builds (often one `shared/src/api/*` exports), so the
 * two cannot drift: `wireSchema<PublicAuthor>()(z.object({ ... }))` compiles only when the schema's output is
 * exactly that type (both ways assignable). The runtime check is `openapi.test.ts` (real answers parse unchanged).
 */
export function wireSchema<T>() {
  return <S extends z.ZodType<T>>(schema: S, ..._exact: [T] extends [z.output<S>] ? [] : [never]): S => schema;
}

/** `serializerCompiler` of fastify-type-provider-zod, except for `documented()` schemas (plain JSON). */
export const documentingSerializerCompiler: typeof serializerCompiler = (route) => {
  if (documentationOnly.has(route.schema)) return (data) => JSON.stringify(data);
  return serializerCompiler(route);
};

const failure = (code: z.ZodType<string>) =>
  z.object({ success: z.literal(false), error: z.string().describe('A message safe to show.'), code });
const fieldErrors = z
  .record(z.string(), z.array(z.string()))
  .describe('Why each field was refused, keyed by field name (`params.` dropped).');
const retryAfter = { 'Retry-After': { type: 'string', description: 'Seconds to wait before trying again.' } };

/** The error bodies `errors.ts` (the one error handler) and the auth hook send, by status. */
export const errorResponses = {
  400: documented(
    failure(z.literal(errorCodes.badSignature)).meta({
      description: "A payment provider's event whose signature does not verify: nothing changes.",
    }),
  ),
  401: documented(
    failure(z.enum([errorCodes.authRequired, errorCodes.authExpired])).meta({
      description:
        'Not signed in: no or a malformed bearer token, a revoked one, or one unused for 30 days (LB-AUTH-EXPIRED).',
    }),
  ),
  402: documented(
    failure(z.enum([errorCodes.paymentRequired, errorCodes.cardDeclined])).meta({
      description:
        'A paid program needs a completed payment first (LB-PAYMENT-REQUIRED), or the card was declined (LB-CARD-DECLINED): nothing changed.',
    }),
  ),
  403: documented(
    failure(z.literal(errorCodes.forbidden)).meta({
      description: "Signed in but not allowed: another user's (or no such) board, or a non-admin on an admin endpoint.",
    }),
  ),
  404: documented(
    z
      .object({ success: z.literal(false), error: z.string(), code: z.string().optional() })
      .meta({ description: 'No such record for this user (LB-NOT-FOUND).' }),
  ),
  409: documented(
    failure(z.literal(errorCodes.conflict)).meta({
      description: 'A write met a unique index (two writers raced to make the same thing); nothing was written twice.',
    }),
  ),
  413: documented(
    z
      .object({ message: z.string(), errors: fieldErrors })
      .meta({ description: 'The body is over the size limit (2 MB for JSON): `errors: { body: ["is too large"] }`.' }),
  ),
  415: documented(failure(z.string()).meta({ description: 'The body is not of a type this call takes.' })),
  422: documented(
    z.object({ message: z.string().describe('The first problem, as a sentence.'), errors: fieldErrors }).meta({
      description: 'Invalid input: a refused or unknown field, malformed JSON, or a `__proto__`/`constructor` key.',
    }),
  ),
  429: documented(
    failure(z.literal(errorCodes.rateLimited)).meta({
      description: 'Too many requests; `Retry-After` says how many seconds to wait.',
      headers: retryAfter,
    }),
  ),
  500: documented(
    z
      .object({ error: z.string().describe('A generic message; the details go to the log only.') })
      .meta({ description: 'Something failed on the server. Never a stack trace.' }),
  ),
} as const;

export type ErrorStatus = keyof typeof errorResponses;

/** The documented error bodies of the given statuses, to spread into a route's `schema.response`. */
export function errorsOf<S extends ErrorStatus>(...statuses: readonly S[]): Pick<typeof errorResponses, S> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponses[status]])) as Pick<
    typeof errorResponses,
    S
  >;
}

type Hook = NonNullable<RouteOptions['onRequest']>;

function hooksOf(value: Hook | undefined): readonly unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function hasBoardInBody(body: unknown): boolean {
  return body instanceof z.ZodObject && 'board' in body.shape;
}

/**
 * The statuses a route can answer that are known from its options alone: 401 behind `authenticate`, 401 and
 * 403 behind `requireAdmin`, 403 for a `board` in the body (another user's board), 413 and 422 for a body
 * (size, malformed JSON), 422 for a validated request, 429 with a rate limit, and 500 everywhere.
 * What only the handler knows (404, 409, 415) the route declares itself with `errorsOf()`.
 */
function inferredErrorStatuses(app: FastifyInstance, route: RouteOptions): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>();
  const hooks = [...hooksOf(route.onRequest), ...hooksOf(route.preHandler)];
  const schema = route.schema ?? {};
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const takesBody = methods.some((method) => method !== 'GET' && method !== 'HEAD');
  if (hooks.includes(app.authenticate)) statuses.add(401);
  if (hooks.includes(app.requireAdmin)) {
    statuses.add(401);
    statuses.add(403);
  }
  if (hasBoardInBody(schema.body)) statuses.add(403);
  if (takesBody) {
    statuses.add(413);
    statuses.add(422);
  }
  if (schema.body || schema.querystring || schema.params) statuses.add(422);
  const config = route.config as { rateLimit?: unknown } | undefined;
  if (config?.rateLimit) statuses.add(429);
  statuses.add(500);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * An `onRoute` hook: every documented route gets the error bodies it can answer. A status the route declares
 * itself (a more precise body) wins; hidden routes (`/api/docs`, the unknown-model catch-all) are left alone.
 * A route that declares no success answer is refused: the app does not start, so none ships undocumented.
 */
export function documentErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.schema?.hide) return;
    const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
    if (!Object.keys(declared).some((status) => status.startsWith('2'))) {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new Error(
        `${methods} ${route.url} declares no success answer: describe it in schema.response with documented(...) (api/src/openapi.ts).`,
      );
    }
    route.schema = { ...route.schema, response: { ...errorsOf(...inferredErrorStatuses(app, route)), ...declared } };
  });
}

/**
 * A stable `operationId` from the method and the path, for the clients generated from the document:
 * `POST /api/board/create` is `postBoardCreate`, `GET /api/notes/{id}` is `getNotesById`.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ['by', ...param[1].split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter((word) => word !== '');
  return [method.toLowerCase(), ...words.map((word) => word[0].toUpperCase() + word.slice(1))].join('');
}

/** The options of `@fastify/swagger`: the document `/api/docs` serves, each operation named by `operationIdOf`. */
export const swaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Lifeboard API',
      version: '0.1.0',
      description: 'The HTTP contract of api-contract.md, generated from the same zod schemas the API validates with.',
    },
    // Relative: the API answers at the origin that serves this document.
    servers: [{ url: '/', description: 'This API' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
  },
  transform: jsonSchemaTransform,
  transformObject: (document) => {
    if (!('openapiObject' in document)) return document.swaggerObject;
    const { openapiObject } = document;
    for (const [path, operations] of Object.entries(openapiObject.paths ?? {})) {
      for (const [method, operation] of Object.entries(operations ?? {})) {
        if (typeof operation === 'object' && operation !== null && 'responses' in operation) {
          operation.operationId = operationIdOf(method, path);
        }
      }
    }
    return openapiObject;
  },
} satisfies FastifyDynamicSwaggerOptions;
