import type { FastifyInstance, RouteOptions } from 'fastify';
import { Transform } from 'node:stream';
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
 * The shape of a JSON text read chunk by chunk, as its bytes arrive: refuses nesting deeper than MAX_BODY_DEPTH and
 * more than MAX_BODY_VALUES values (arrays, objects, list items) before the body is whole, so such a body is never
 * gathered, decoded or parsed. Strings are jumped over with `indexOf`; malformed JSON is left to the parser.
 */
export class JsonShape {
  private depth = 0;
  private values = 0;
  private inString = false;
  private escaped = false;

  /** The next chunk; why the text is refused, or undefined while it may go on. */
  feed(bytes: Uint8Array): string | undefined {
    const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const length = buffer.length;
    let nextSlash = -2;
    for (let at = 0; at < length; at += 1) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          continue;
        }
        const quote = buffer.indexOf(QUOTE, at);
        if (nextSlash !== -1 && nextSlash < at) nextSlash = buffer.indexOf(BACKSLASH, at);
        if (nextSlash !== -1 && (quote === -1 || nextSlash < quote)) {
          this.escaped = true;
          at = nextSlash;
          continue;
        }
        if (quote === -1) return undefined;
        this.inString = false;
        at = quote;
        continue;
      }
      const code = buffer[at];
      if (code === QUOTE) {
        this.inString = true;
      } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
        this.depth += 1;
        this.values += 1;
        if (this.depth > MAX_BODY_DEPTH) return `is nested too deeply (more than ${MAX_BODY_DEPTH} levels)`;
      } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
        this.depth -= 1;
      } else if (code === COMMA) {
        this.values += 1;
      }
      if (this.values > MAX_BODY_VALUES)
        return `has too many values (more than ${MAX_BODY_VALUES.toLocaleString('en')})`;
    }
    return undefined;
  }
}

/** Why a whole JSON text's shape is refused, or `undefined` (JsonShape over one chunk). */
export function jsonShapeProblem(text: string): string | undefined {
  return new JsonShape().feed(Buffer.from(text));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads no body (logout ignores whatever comes): its shape is not checked either. */
    ignoresBody?: boolean;
  }
}

const isJson = (contentType: string | undefined) => /^application\/json\s*(;|$)/i.test(contentType ?? '');

function isSignedIn(app: FastifyInstance, route: RouteOptions): boolean {
  const hooks = [route.onRequest ?? []].flat();
  return hooks.includes(app.authenticate) || hooks.includes(app.requireAdmin);
}

/**
 * Body limits per route and a shape check of JSON bodies as they arrive. Fastify's own `bodyLimit` (set where the
 * app is built) is the anonymous one, so a route is small unless it says otherwise; a route behind sign-in gets the
 * signed-in limit, which an unauthenticated request never reaches (sign-in is checked `onRequest`, before the body
 * is read). Routes whose real bodies are larger set `bodyLimit` themselves (records, rich text, imports).
 * Register before any route.
 */
export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit === undefined && isSignedIn(app, route)) route.bodyLimit = bodyLimits.signedIn;
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!isJson(request.headers['content-type']) || request.routeOptions.config.ignoresBody) return payload;
    // Over the limit, Fastify refuses it by its Content-Length without reading it: left alone.
    const declared = Number(request.headers['content-length']);
    if (declared > (request.routeOptions.bodyLimit ?? bodyLimits.anonymous)) return payload;
    const shape = new JsonShape();
    const guard = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        const problem = shape.feed(chunk);
        if (problem) callback(invalid({ body: [problem] }));
        else callback(null, chunk);
      },
    });
    guard.on('error', () => {
      // Refused: the rest of the body is read away unparsed, so the connection can take the next request.
      payload.unpipe(guard);
      payload.resume();
    });
    payload.on('error', (error) => guard.destroy(error));
    return payload.pipe(guard);
  });
}
