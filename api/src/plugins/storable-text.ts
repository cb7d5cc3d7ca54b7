import type { FastifyInstance } from 'fastify';
import { invalid } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body paths (e.g. `params.body`) holding rich text: its sanitizer replaces unstorable characters with U+FFFD. */
    richTextPaths?: readonly string[];
  }
}

/** The deepest nesting a body may have (no form or model of the contract comes near it). */
export const MAX_BODY_DEPTH = 64;

// U+0000 and unpaired UTF-16 surrogates: PostgreSQL text and jsonb refuse them, so they would fail as a 500.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasUnstorableText = (text: string): boolean => text.includes('\u0000') || loneSurrogate.test(text);

export type BodyProblem = { kind: 'unstorable'; path: string[] } | { kind: 'too-deep'; path: string[] };

interface Frame {
  value: unknown;
  key: string;
  parent: Frame | undefined;
  depth: number;
  /** The dotted path, built only when some paths are exempt (their number and the depth cap keep it short). */
  dotted: string;
  /** The key itself cannot be stored. */
  badKey: boolean;
}

function pathOf(frame: Frame): string[] {
  const path: string[] = [];
  for (let at: Frame | undefined = frame; at?.parent; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The first problem under `value`: a key or string PostgreSQL cannot store, or nesting deeper than `maxDepth`.
 * An explicit stack instead of recursion: a body of 20,000 nested arrays neither overflows the call stack nor
 * costs more than one visit per value.
 */
export function findBodyProblem(
  value: unknown,
  exempt: ReadonlySet<string> = new Set(),
  maxDepth = MAX_BODY_DEPTH,
): BodyProblem | undefined {
  const trackPaths = exempt.size > 0;
  const stack: Frame[] = [{ value, key: '', parent: undefined, depth: 0, dotted: '', badKey: false }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    if (trackPaths && frame.depth > 0 && exempt.has(frame.dotted)) continue;
    if (frame.badKey) return { kind: 'unstorable', path: pathOf(frame) };
    const current = frame.value;
    if (typeof current === 'string') {
      if (hasUnstorableText(current)) return { kind: 'unstorable', path: pathOf(frame) };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (frame.depth >= maxDepth) return { kind: 'too-deep', path: pathOf(frame) };
    const entries = Object.entries(current);
    // Pushed in reverse so that the first key is looked at first (the answer names the first bad field).
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index] as [string, unknown];
      const dotted = !trackPaths ? '' : frame.depth === 0 ? key : `${frame.dotted}.${key}`;
      stack.push({ value: child, key, parent: frame, depth: frame.depth + 1, dotted, badKey: hasUnstorableText(key) });
    }
  }
  return undefined;
}

/** The path to the first place under `value` whose key or string value PostgreSQL cannot store; `undefined` if none. */
export function findUnstorableText(value: unknown, exempt: ReadonlySet<string> = new Set()): string[] | undefined {
  const problem = findBodyProblem(value, exempt, Number.POSITIVE_INFINITY);
  return problem?.path;
}

/**
 * Refuses such text in any JSON body before validation, as a 422 naming the field; nothing is changed or written.
 * Rich-text fields are left to their sanitizer, which replaces such characters as browsers do (XSS vectors use them).
 * Bodies nested deeper than MAX_BODY_DEPTH are refused too, before any validator walks them.
 */
export function registerStorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem = findBodyProblem(request.body, new Set(request.routeOptions.config.richTextPaths ?? []));
    if (!problem) return;
    if (problem.kind === 'too-deep') {
      throw invalid({ body: [`is nested too deeply (more than ${MAX_BODY_DEPTH} levels)`] });
    }
    // Field names as in other 422s: the `params.` wrapper of model calls is dropped; a bad key is shown escaped.
    const parts = problem.path.map((part) => (hasUnstorableText(part) ? JSON.stringify(part) : part));
    if (parts[0] === 'params' && parts.length > 1) parts.shift();
    const field = parts.join('.') || 'body';
    throw invalid({ [field]: ['contains a character that cannot be stored (U+0000 or an unpaired surrogate)'] });
  });
}
