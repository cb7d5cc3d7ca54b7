import type { AnyModelDefinition } from '@lifeboard/shared/models';
import fc from 'fast-check';
import { z } from 'zod';
import { validChange, validCreateBody } from './records';

/**
 * Generators of request bodies that are wrong by construction for one model: each carries at least one
 * defect the contract says must be refused, so any 2xx on a writing verb is a failure, not luck.
 */

/** A body sent as a value (JSON-encoded by inject) or as raw text with a content type. */
export type BadBody = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };

const megabyte = 'x'.repeat(1_000_001);

/** JSON values that often break naive code: edges of number ranges, dates that do not exist, odd strings. */
const awkwardValues = fc.constantFrom<unknown>(
  -1,
  0,
  -0.5,
  1.5,
  2 ** 31,
  2 ** 53,
  -(2 ** 53),
  1e308,
  -1e308,
  5e-324,
  '',
  ' ',
  '0',
  '1',
  '-1',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '2025-02-30',
  '2025-02-29',
  '2026-13-01',
  '2026-00-10',
  '0000-01-01',
  '2026-1-1',
  '2026-02-30T10:00:00Z',
  '2026-03-04T25:00:00Z',
  '2026-03-04 10:00',
  '29/02/2025',
  '<script>alert(1)</script>',
  '${jndi:x}',
  "'; drop table note; --",
  'x'.repeat(10_001),
  [],
  {},
  null,
  true,
  false,
  [null],
  [[]],
  { '': 1 },
  { a: { b: { c: {} } } },
);

const anyJson = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 2, arbitrary: awkwardValues },
);

/** The value as the server will see it after JSON encoding (undefined keys vanish, -0 becomes 0). */
function asSent(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? null : JSON.parse(text);
}

/** A value the schema refuses. */
export function wrongValueFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fc
    .oneof(anyJson, fc.constant(megabyte))
    .map(asSent)
    .filter((value) => !schema.safeParse(value).success);
}

/** Object keys that are not fields of the model, including prototype names and server-owned columns. */
function unknownKeyFor(def: AnyModelDefinition, base: Record<string, unknown>): fc.Arbitrary<string> {
  const fields = new Set([...Object.keys(def.fields.shape), ...Object.keys(base)]);
  return (
    fc
      .oneof(
        fc.constantFrom(
          '__proto__',
          'prototype',
          'id',
          'user_id',
          'board_id',
          'created_at',
          'updated_at',
          'search',
          'data',
          '',
        ),
        fc.string({ minLength: 1, maxLength: 20 }),
      )
      // Names of Object.prototype members are exercised one by one in bad-input-edges.test.ts.
      .filter((key) => !fields.has(key) && !(key in Object.prototype && key !== '__proto__'))
  );
}

/** Builds an object whose own keys may include `__proto__` (a literal would set the prototype instead). */
function withKey(base: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const rest = JSON.stringify(base).slice(1);
  return JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value)}${rest === '}' ? '' : ','}${rest}`);
}

function fieldKey(def: AnyModelDefinition): fc.Arbitrary<string> {
  return fc.constantFrom(...Object.keys(def.fields.shape));
}

/** Field-level defects of a params object that is otherwise valid. */
function badParams(
  def: AnyModelDefinition,
  base: Record<string, unknown>,
  required: readonly string[],
): fc.Arbitrary<unknown> {
  const shape = def.fields.shape as Record<string, z.ZodType>;
  const variants: fc.Arbitrary<unknown>[] = [
    fieldKey(def).chain((key) => wrongValueFor(shape[key]).map((value) => ({ ...base, [key]: value }))),
    fc.tuple(unknownKeyFor(def, base), anyJson).map(([key, value]) => withKey(base, key, asSent(value))),
    fieldKey(def)
      .map((key) => ({ ...base, [key]: megabyte }))
      .filter((params) => !hasValidValue(shape, params)),
  ];
  if (required.length > 0) {
    variants.push(
      fc
        .subarray([...required], { minLength: 1 })
        .map((keys) => Object.fromEntries(Object.entries(base).filter(([key]) => !keys.includes(key)))),
    );
  }
  return fc.oneof(...variants);
}

function hasValidValue(shape: Record<string, z.ZodType>, params: Record<string, unknown>): boolean {
  return Object.entries(params).every(([key, value]) => shape[key]?.safeParse(value).success);
}

/** Defects of the envelope `{ board, params }`, whatever the params. */
function badEnvelope(board: number, params: unknown): fc.Arbitrary<unknown> {
  const boardSchema = z.number().int().positive();
  return fc.oneof(
    wrongValueFor(boardSchema).map((wrong) => ({ board: wrong, params })),
    fc.constant({ params }),
    fc
      .oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }))
      .map((wrong) => ({ board, params: wrong })),
    fc
      .tuple(
        fc
          .string({ minLength: 1, maxLength: 12 })
          .filter((key) => key !== 'board' && key !== 'params' && !(key in Object.prototype)),
        anyJson,
      )
      .map(([key, value]) => withKey({ board, params: params }, key, asSent(value))),
  );
}

/** Text that is not the JSON the route expects: malformed, truncated, poisoned, or of another type. */
export function badRawText(validBody: unknown): fc.Arbitrary<BadBody> {
  const text = JSON.stringify(validBody);
  return fc.oneof(
    fc
      .nat({ max: text.length - 1 })
      .map((cut) => ({ kind: 'raw' as const, text: text.slice(0, cut), contentType: 'application/json' })),
    fc
      .constantFrom(
        '{',
        '}',
        '{"board":',
        '{"board":1,}',
        '{board:1}',
        "{'board':1}",
        '[',
        '"',
        'nul',
        'undefined',
        '{"board":1}{"board":2}',
        '{"board":1,"params":{"__proto__":{"isAdmin":true}}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '{"board":1,"params":{"constructor":{"prototype":{"x":1}}}}',
        '\u0000',
        '{"board":1e999}',
        '{"board":0x1}',
      )
      .map((raw) => ({ kind: 'raw' as const, text: raw, contentType: 'application/json' })),
    fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml').map((contentType) => ({
      kind: 'raw' as const,
      text: contentType.includes('form') ? 'board=1&params=x' : text,
      contentType,
    })),
  );
}

const json = (value: unknown): BadBody => ({ kind: 'json', value });

/** Bodies for `create`: every one must be refused. */
export function badCreateBodies(def: AnyModelDefinition, board: number, noteId: number): fc.Arbitrary<BadBody> {
  const base = validCreateBody(def, 'fuzz', { noteId });
  return fc.oneof(
    { weight: 6, arbitrary: badParams(def, base, def.required).map((params) => json({ board, params })) },
    { weight: 2, arbitrary: badEnvelope(board, base).map(json) },
    { weight: 2, arbitrary: badRawText({ board, params: base }) },
  );
}

/** Bodies for `update` of an existing record: every one must be refused. */
export function badUpdateBodies(def: AnyModelDefinition, board: number, id: number): fc.Arbitrary<BadBody> {
  const base = { id, ...validChange(def, 'fuzz') };
  const idSchema = z.number().int().positive();
  return fc.oneof(
    { weight: 5, arbitrary: badParams(def, base, []).map((params) => json({ board, params })) },
    { weight: 2, arbitrary: wrongValueFor(idSchema).map((wrong) => json({ board, params: { ...base, id: wrong } })) },
    { weight: 1, arbitrary: badEnvelope(board, base).map(json) },
    { weight: 1, arbitrary: badRawText({ board, params: base }) },
  );
}

/** Bodies for `get`/`delete`: wrong ids, ids that are nobody's, extra keys, broken envelopes. */
export function badIdBodies(board: number, ownId: number): fc.Arbitrary<BadBody> {
  const idSchema = z.number().int().positive();
  return fc.oneof(
    wrongValueFor(idSchema).map((wrong) => json({ board, params: { id: wrong } })),
    fc.integer({ min: 2 ** 40, max: Number.MAX_SAFE_INTEGER }).map((nobody) => json({ board, params: { id: nobody } })),
    fc
      .tuple(
        fc.string({ minLength: 1, maxLength: 10 }).filter((key) => key !== 'id' && !(key in Object.prototype)),
        anyJson,
      )
      .map(([key, value]) => json({ board, params: withKey({ id: ownId }, key, asSent(value)) })),
    fc.constant(json({ board, params: {} })),
    badEnvelope(board, { id: ownId }).map(json),
    badRawText({ board, params: { id: ownId } }),
  );
}

function cursorOf(value: unknown): string {
  return Buffer.from(JSON.stringify(value) ?? 'null').toString('base64url');
}

/** List params that are wrong or at the edges (answers may be 200 for odd-but-valid ones; never 500). */
export function oddListBodies(board: number): fc.Arbitrary<BadBody> {
  const hugeOrNegative = fc.oneof(
    fc.integer(),
    fc.double(),
    fc.constantFrom(0, -1, 201, 2 ** 31, 2 ** 53, 1e308, -1e308, 0.5),
  );
  const cursor = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.tuple(anyJson, anyJson).map(cursorOf),
    fc.tuple(fc.integer(), fc.integer({ min: 1, max: 2 ** 31 - 1 })).map(cursorOf),
    fc
      .tuple(
        fc.constantFrom('2026-01-01T00:00:00.000Z', '0001-01-01T00:00:00Z', '2025-02-30T00:00:00Z', '1', 'soon'),
        fc.integer({ min: 1, max: 2 ** 53 - 1 }),
      )
      .map(cursorOf),
  );
  const date = fc.oneof(
    fc.constantFrom('2025-02-30', '2025-02-29', '2026-13-01', '0000-01-01', '0001-01-01', '2026-1-1', '20260101', ''),
    anyJson,
  );
  const param = fc.oneof(
    hugeOrNegative.map((limit) => ({ limit })),
    cursor.map((value) => ({ cursor: value })),
    fc.tuple(date, date).map(([from, to]) => ({ from, to })),
    date.map((from) => ({ from })),
    date.map((to) => ({ to })),
    fc.oneof(anyJson, fc.string({ maxLength: 400 })).map((search) => ({ search })),
    fc
      .tuple(
        fc.string({ minLength: 1, maxLength: 10 }).filter((key) => !(key in Object.prototype)),
        anyJson,
      )
      .map(([key, value]) => withKey({}, key, asSent(value))),
  );
  return fc.oneof(
    { weight: 6, arbitrary: param.map((params) => json({ board, params: asSent(params) })) },
    { weight: 1, arbitrary: badEnvelope(board, {}).map(json) },
    { weight: 1, arbitrary: badRawText({ board, params: {} }) },
  );
}

/**
 * Bodies for a plain JSON endpoint (no `{ board, params }` envelope) whose body schema is `shape`, strict:
 * one field with a wrong value, an unknown key, required fields left out, another JSON type, broken text.
 * Each is refused by `schema`, so a 2xx is a failure, not luck.
 */
export function badObjectBodies(
  shape: Record<string, z.ZodType>,
  schema: z.ZodType,
  base: Record<string, unknown>,
  required: readonly string[],
): fc.Arbitrary<BadBody> {
  const keys = Object.keys(shape);
  const variants: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(...keys).chain((key) => wrongValueFor(shape[key]).map((value) => ({ ...base, [key]: value }))),
    fc
      .tuple(
        fc
          .oneof(
            fc.constantFrom('__proto__', 'id', 'user_id', 'role', 'email', 'password_hash', ''),
            fc.string({ minLength: 1, maxLength: 20 }),
          )
          .filter((key) => !keys.includes(key) && !(key in Object.prototype && key !== '__proto__')),
        anyJson,
      )
      .map(([key, value]) => withKey(base, key, asSent(value))),
    fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant(true), fc.array(anyJson, { maxLength: 3 })),
  ];
  if (required.length > 0) {
    variants.push(
      fc
        .subarray([...required], { minLength: 1 })
        .map((gone) => Object.fromEntries(Object.entries(base).filter(([key]) => !gone.includes(key)))),
    );
  }
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .oneof(...variants)
        .filter((value) => !schema.safeParse(value).success)
        .map(json),
    },
    { weight: 1, arbitrary: badRawText(base) },
  );
}
