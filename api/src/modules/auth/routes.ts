import { loginBody, registerBody } from '@lifeboard/shared/models/user';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tokens, users } from '../../db/schema';
import { AppError, invalid } from '../../errors';
import { FailureWindow } from '../../plugins/limits';
import { authOf } from '../../types';
import { loadUser } from '../users/present';
import { hashPassword, needsRehash, verifyPassword } from './password';
import { createAccount, findUserByEmail, issueToken } from './service';

const registerWithDevice = registerBody.extend({ device_id: z.uuid().optional() });
const WRONG_CREDENTIALS = 'These credentials do not match our records.';
/** Verified against when the e-mail is unknown, so both answers take as long. */
let dummyHash: Promise<string> | undefined;

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const failures = new FailureWindow(app.limits.loginFailuresPerAccountPerMinute);

  api.post('/api/register', {
    schema: { tags: ['account'], summary: 'Create an account with its Default Board; answers 201 { success, token, user }', body: registerWithDevice },
    config: { rateLimit: { max: app.limits.signupPerIpPerMinute, timeWindow: '1 minute' } },
  }, async (request, reply) => {
    const body = request.body;
    if (await findUserByEmail(app.db, body.email)) throw invalid({ email: ['is already registered'] });
    const userId = await createAccount(app.db, {
      name: body.name,
      email: body.email,
      passwordHash: await hashPassword(body.password),
      role: body.as_creator ? 'creator' : 'user',
      programGuid: body.program_guid,
    });
    const token = await issueToken(app.db, userId, body.device_id, request.headers['user-agent']);
    return reply.code(201).send({ success: true, token, user: await loadUser(app.db, userId) });
  });

  api.post('/api/login', {
    schema: { tags: ['account'], summary: 'Sign in; wrong credentials answer 422', body: loginBody },
    config: { rateLimit: { max: app.limits.loginPerIpPerMinute, timeWindow: '1 minute' } },
  }, async (request, reply) => {
    const { email, password, device_id: deviceId } = request.body;
    const wait = failures.retryAfter(email);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      throw new AppError(429, 'LB-RATE-LIMIT', 'Too Many Requests!');
    }
    const user = await findUserByEmail(app.db, email);
    const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyPassword(await (dummyHash ??= hashPassword('not a real password')), password);
    if (!user || !ok) {
      failures.record(email);
      throw invalid({ email: [WRONG_CREDENTIALS] }, WRONG_CREDENTIALS);
    }
    failures.clear(email);
    if (needsRehash(user.passwordHash)) {
      await app.db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id));
    }
    const token = await issueToken(app.db, user.id, deviceId, request.headers['user-agent']);
    // The same device's previous token was revoked.
    if (deviceId) app.forgetTokens();
    return { success: true, token, user: await loadUser(app.db, user.id) };
  });

  api.post('/logout', { schema: { tags: ['account'], summary: 'Revoke the token of this request' }, onRequest: app.authenticate }, async (request) => {
    await app.db.update(tokens).set({ revokedAt: new Date() }).where(eq(tokens.id, authOf(request).tokenId));
    app.forgetTokens();
    return { success: true };
  });
}
