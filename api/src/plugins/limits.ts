import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../errors';
import type { SharedCounters } from './shared-counters';

/** Abuse limits; tests and the benchmark may raise them, production uses the defaults. */
export interface Limits {
  /**
   * Requests a minute from one address that carry no bearer token, or whose token was refused (401): sign-in
   * pages, public shared pages, probes of unknown paths. Counted before the body is read.
   */
  anonymousPerIpPerMinute: number;
  loginPerIpPerMinute: number;
  /**
   * Wrong passwords one address may try for one account before it must wait; each further failure of that pair
   * doubles the wait (1 s, 2 s, 4 s … up to 15 min). Another address, so the account's owner, is not held back.
   */
  loginFailuresBeforeDelay: number;
  signupPerIpPerMinute: number;
  passwordEmailPerIpPerMinute: number;
  /** Counted in the database (sent invitations of the last hour), so it holds across instances. */
  invitationsPerUserPerHour: number;
}

export const defaultLimits: Limits = {
  anonymousPerIpPerMinute: 300,
  loginPerIpPerMinute: 20,
  loginFailuresBeforeDelay: 5,
  signupPerIpPerMinute: 10,
  passwordEmailPerIpPerMinute: 5,
  invitationsPerUserPerHour: 20,
};

/** The wait after `failures` failures when the first `freeFailures` are free: 2^(n-1) × base past them, capped. */
export function delayAfter(failures: number, freeFailures: number, baseMs = 1_000, maxDelayMs = 15 * 60_000): number {
  const past = failures - freeFailures;
  return past <= 0 ? 0 : Math.min(maxDelayMs, baseMs * 2 ** Math.min(past - 1, 30));
}

/**
 * Growing delays per key after a number of free failures: the n-th failure past them asks for 2^(n-1) seconds
 * (at most `maxDelayMs`) before the next attempt. A success clears the key; a key idle for `forgetAfterMs` starts
 * again. Counted in the database (SharedCounters), so every process sees the same failures.
 */
export class GrowingDelay {
  constructor(
    private readonly counters: SharedCounters,
    private readonly freeFailures: number,
    private readonly baseMs = 1_000,
    private readonly maxDelayMs = 15 * 60_000,
    private readonly forgetAfterMs = 60 * 60_000,
  ) {}

  /** Seconds to wait before the next attempt, or 0 when allowed. */
  async retryAfter(key: string): Promise<number> {
    const entry = await this.counters.read(key);
    if (!entry) return 0;
    const waitMs = delayAfter(entry.count, this.freeFailures, this.baseMs, this.maxDelayMs) - entry.sinceLastMs;
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  }

  record(key: string): Promise<void> {
    return this.counters.bump(key, this.forgetAfterMs);
  }

  clear(key: string): Promise<void> {
    return this.counters.clear(key);
  }
}

const bearer = /^Bearer [A-Za-z0-9_-]{20,100}$/;
/** Liveness and readiness probes come often from the platform's own address; they cost nothing to answer. */
const unlimitedPaths = new Set(['/api/health', '/api/health/ready']);

function isAnonymous(request: FastifyRequest): boolean {
  const header = request.headers.authorization;
  return !(header && bearer.test(header));
}

/**
 * The per-address limit of anonymous requests (Limits.anonymousPerIpPerMinute). A request with a token is
 * checked by `app.authenticate` before its body is read; if the token is refused, that 401 counts here too,
 * so made-up tokens do not escape the limit.
 */
export function registerAnonymousLimit(app: FastifyInstance): void {
  const max = app.limits.anonymousPerIpPerMinute;
  const key = (request: FastifyRequest) => `anonymous:${request.ip}`;
  app.addHook('onRequest', async (request, reply) => {
    // A signed-in user is never held back by anonymous traffic from the same address (a shared NAT, say).
    if (!isAnonymous(request) || unlimitedPaths.has(request.url.split('?')[0] ?? '')) return;
    // One upsert counts this request and says where the address stands, on every process alike.
    const { count, ttlMs } = await app.counters.hit(key(request), 60_000);
    if (count > max) {
      const wait = Math.max(1, Math.ceil(ttlMs / 1000));
      reply.header('Retry-After', String(wait));
      throw tooManyRequests(`Too many requests; try again in ${wait} s.`);
    }
  });
  // Counted before the 401 is sent, not after: a client that has the answer has been counted (the next request
  // from that address sees it).
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 401 && !isAnonymous(request)) await app.counters.hit(key(request), 60_000);
    return payload;
  });
}
