import type { FastifyInstance } from 'fastify';
import { invalid } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body paths (e.g. `params.body`) holding rich text: its sanitizer replaces unstorable characters with U+FFFD. */
    richTextPaths?: readonly string[];
  }
}

// U+0000 and unpaired UTF-16 surrogates: PostgreSQL text and jsonb refuse them, so they would fail as a 500.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasUnstorableText = (text: string): boolean => text.includes('\u0000') || loneSurrogate.test(text);

/** The path to the first place under `value` whose key or string value PostgreSQL cannot store; `undefined` if none. */
export function findUnstorableText(value: unknown, exempt: ReadonlySet<string> = new Set(), path: readonly string[] = []): string[] | undefined {
  if (path.length > 0 && exempt.has(path.join('.'))) return undefined;
  if (typeof value === 'string') return hasUnstorableText(value) ? [...path] : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (hasUnstorableText(key)) return [...path, key];
    const found = findUnstorableText(child, exempt, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses such text in any JSON body before validation, as a 422 naming the field; nothing is changed or written.
 * Rich-text fields are left to their sanitizer, which replaces such characters as browsers do (XSS vectors use them).
 */
export function registerStorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path = findUnstorableText(request.body, new Set(request.routeOptions.config.richTextPaths ?? []));
    if (!path) return;
    // Field names as in other 422s: the `params.` wrapper of model calls is dropped; a bad key is shown escaped.
    const parts = path.map((part) => (hasUnstorableText(part) ? JSON.stringify(part) : part));
    if (parts[0] === 'params' && parts.length > 1) parts.shift();
    const field = parts.join('.') || 'body';
    throw invalid({ [field]: ['contains a character that cannot be stored (U+0000 or an unpaired surrogate)'] });
  });
}
