import type { Role } from '@lifeboard/shared/models/user';
import type { Db } from './db/client';
import type { Env } from './env';
import type { Mailer } from './modules/mail/mailer';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Limits } from './plugins/limits';

export interface AuthContext {
  userId: number;
  tokenId: number;
  role: Role;
}

import type { AiConfig } from './modules/ai/config';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    env: Env;
    mailer: Mailer;
    limits: Limits;
    /** The AI provider and its models (AI_* settings), read once at start-up. */
    ai: AiConfig;
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Drops cached token checks; call after revoking tokens or changing a role. */
    forgetTokens: () => void;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The signed-in caller of a route guarded by `app.authenticate`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('route is missing app.authenticate');
  return request.auth;
}
