import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { tokens, users } from '../db/schema';
import { AppError, forbidden, unauthorized } from '../errors';
import type { AuthContext } from '../types';
import { errorCodes } from '@lifeboard/shared/api/error-codes';

export const TOKEN_IDLE_DAYS = 30;
export const TOKEN_IDLE_MS = TOKEN_IDLE_DAYS * 24 * 60 * 60 * 1000;
/** `last_used_at` is written at most this often per token, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;
/**
 * A token that was just checked is trusted for this long without asking the database again. Revoking on this
 * instance forgets the cache at once; every other process notices a revocation within this time (README: under a
 * second, so a revoked token stops working everywhere within a second), while a burst of requests still costs
 * one lookup.
 */
export const TOKEN_CACHE_MS = 900;
const TOKEN_CACHE_MAX = 10_000;

interface CachedToken {
  auth: AuthContext;
  checkedAt: number;
}

/** What a suspended account's requests (401) and sign-ins (403) answer. */
export function accountSuspended(status: 401 | 403): AppError {
  return new AppError(
    status,
    errorCodes.authSuspended,
    "This account is suspended. Contact the site's administrators to have it restored.",
  );
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  const cache = new Map<string, CachedToken>();
  app.decorate('forgetTokens', () => cache.clear());

  app.decorate('authenticate', async (request) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(header) : null;
    if (!match) throw unauthorized();
    const tokenHash = hashToken(match[1]);
    const cached = cache.get(tokenHash);
    if (cached && Date.now() - cached.checkedAt < TOKEN_CACHE_MS) {
      request.auth = cached.auth;
      return;
    }
    const [row] = await app.db
      .select({
        tokenId: tokens.id,
        userId: tokens.userId,
        lastUsedAt: tokens.lastUsedAt,
        role: users.role,
        suspendedAt: users.suspendedAt,
      })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .where(and(eq(tokens.tokenHash, tokenHash), isNull(tokens.revokedAt)))
      .limit(1);
    if (!row) throw unauthorized();
    // Checked on every database read, and a suspension forgets the cache, so it stops the tokens at once.
    if (row.suspendedAt) throw accountSuspended(401);
    const now = Date.now();
    const idle = now - row.lastUsedAt.getTime();
    if (idle > TOKEN_IDLE_MS) {
      await app.db
        .update(tokens)
        .set({ revokedAt: new Date(now) })
        .where(eq(tokens.id, row.tokenId));
      throw new AppError(401, 'LB-AUTH-EXPIRED', 'Your session has expired; please sign in again.');
    }
    if (idle > TOUCH_EVERY_MS)
      await app.db
        .update(tokens)
        .set({ lastUsedAt: new Date(now) })
        .where(eq(tokens.id, row.tokenId));
    request.auth = { userId: row.userId, tokenId: row.tokenId, role: row.role };
    if (cache.size >= TOKEN_CACHE_MAX) cache.clear();
    cache.set(tokenHash, { auth: request.auth, checkedAt: now });
  });

  app.decorate('requireAdmin', async (request, reply) => {
    await app.authenticate(request, reply);
    if (request.auth?.role !== 'admin') throw forbidden('Only administrators may do that.');
  });
}
