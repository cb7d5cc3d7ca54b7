import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../errors';

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

/**
 * Counts events per key in a fixed one-minute window (per instance; see README for several instances).
 * The login counts only failures, so a user who signs in correctly is never slowed down by it.
 */
export class FailureWindow {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly max: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Seconds to wait before the next attempt, or 0 when allowed. */
  retryAfter(key: string, now = Date.now()): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return 0;
    return window.count >= this.max ? Math.ceil((window.resetAt - now) / 1000) : 0;
  }

  record(key: string, now = Date.now()): void {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 100_000) this.prune(now);
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
    } else {
      window.count += 1;
    }
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * Growing delays per key after a number of free failures: the n-th failure past them asks for 2^(n-1) seconds
 * (at most `maxDelayMs`) before the next attempt. A success clears the key; an idle key is forgotten.
 */
export class GrowingDelay {
  private readonly entries = new Map<string, { failures: number; lastAt: number }>();
  constructor(
    private readonly freeFailures: number,
    private readonly baseMs = 1_000,
    private readonly maxDelayMs = 15 * 60_000,
    private readonly forgetAfterMs = 60 * 60_000,
  ) {}

  private delayAfter(failures: number): number {
    const past = failures - this.freeFailures;
    return past <= 0 ? 0 : Math.min(this.maxDelayMs, this.baseMs * 2 ** Math.min(past - 1, 30));
  }

  /** Seconds to wait before the next attempt, or 0 when allowed. */
  retryAfter(key: string, now = Date.now()): number {
    const entry = this.entries.get(key);
    if (!entry) return 0;
    const waitMs = entry.lastAt + this.delayAfter(entry.failures) - now;
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  }

  record(key: string, now = Date.now()): void {
    const entry = this.entries.get(key);
    if (!entry || now - entry.lastAt > this.forgetAfterMs) {
      if (this.entries.size > 100_000) this.prune(now);
      this.entries.set(key, { failures: 1, lastAt: now });
    } else {
      entry.failures += 1;
      entry.lastAt = now;
    }
  }

  clear(key: string): void {
    this.entries.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) if (now - entry.lastAt > this.forgetAfterMs) this.entries.delete(key);
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
  const window = new FailureWindow(app.limits.anonymousPerIpPerMinute);
  app.addHook('onRequest', async (request, reply) => {
    // A signed-in user is never held back by anonymous traffic from the same address (a shared NAT, say).
    if (!isAnonymous(request) || unlimitedPaths.has(request.url.split('?')[0] ?? '')) return;
    const wait = window.retryAfter(request.ip);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      throw tooManyRequests(`Too many requests; try again in ${wait} s.`);
    }
    window.record(request.ip);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode === 401 && !isAnonymous(request)) window.record(request.ip);
  });
}
