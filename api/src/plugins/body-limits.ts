import type { FastifyInstance, RouteOptions } from 'fastify';
import { invalid } from '../errors';
import { MAX_BODY_DEPTH } from './storable-text';

/**
 * The largest body, in bytes, each kind of route reads. Fastify refuses a larger one by its Content-Length before
 * reading a byte, or as soon as the bytes read pass it, so what a request can cost is bounded by its route's need.
 */
export const bodyLimits = {
  /** Every route nobody signs in for (sign-in, sign-up, reset, mail links): a form of a few fields. */
  anonymous: 8 * 1024,
  /** A payment provider's signed event: bytes only, checked by signature, never parsed before that. */
  webhook: 256 * 1024,
  /** Signed-in routes that are not record writes: forms, lists of ids, settings. */
  signedIn: 64 * 1024,
  /** A record of a model without rich text: its longest fields are a few texts of 5,000–10,000 characters. */
  record: 256 * 1024,
  /** A record with rich text: editor HTML of up to 1,000,000 characters (images are uploads, never inline). */
  richText: 2 * 1024 * 1024,
} as const;

/**
 * The most arrays, objects and list items one JSON body may hold. The largest real body (a life plan of 30 areas of
 * 50 goals) holds about 1,600; a body of a million numbers is refused before JSON.parse builds it.
 */
export const MAX_BODY_VALUES = 10_000;

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Why a JSON text's shape is refused (nesting deeper than MAX_BODY_DEPTH, more than MAX_BODY_VALUES values), or
 * `undefined`. One pass over the text that jumps over strings with `indexOf`, so it costs far less than parsing:
 * a 2 MB rich-text body is a few long strings. Malformed JSON is left to the parser.
 */
export function jsonShapeProblem(text: string): string | undefined {
  let depth = 0;
  let values = 0;
  const length = text.length;
  for (let at = 0; at < length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      // To the closing quote: one not preceded by an odd number of backslashes.
      let end = text.indexOf('"', at + 1);
      while (end !== -1) {
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes += 1;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end === -1) return undefined;
      at = end;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      values += 1;
      if (depth > MAX_BODY_DEPTH) return `is nested too deeply (more than ${MAX_BODY_DEPTH} levels)`;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth -= 1;
    } else if (code === COMMA) {
      values += 1;
    }
    if (values > MAX_BODY_VALUES) return `has too many values (more than ${MAX_BODY_VALUES.toLocaleString('en')})`;
  }
  return undefined;
}

function isSignedIn(app: FastifyInstance, route: RouteOptions): boolean {
  const hooks = [route.onRequest ?? []].flat();
  return hooks.includes(app.authenticate) || hooks.includes(app.requireAdmin);
}

/**
 * Body limits per route and a shape check before JSON is parsed. Fastify's own `bodyLimit` (set where the app is
 * built) is the anonymous one, so a route is small unless it says otherwise; a route behind sign-in gets the
 * signed-in limit, which an unauthenticated request never reaches (sign-in is checked `onRequest`, before the
 * body is read). Routes whose real bodies are larger set `bodyLimit` themselves (records, rich text, imports).
 * Register before any route.
 */
export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit === undefined && isSignedIn(app, route)) route.bodyLimit = bodyLimits.signedIn;
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const problem = jsonShapeProblem(text);
    if (problem) {
      done(invalid({ body: [problem] }), undefined);
      return;
    }
    // Fastify's own parser (secure-json-parse, `__proto__`/`constructor` keys refused); it answers through `done`.
    void parseJson(request, text, done);
  });
}
