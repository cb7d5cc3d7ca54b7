import { createHash } from 'node:crypto';
import { loginBody, registerBody } from '@lifeboard/shared/models/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, isUniqueViolation, tooManyRequests } from '../../errors';
import { GrowingDelay } from '../../plugins/limits';
import { accountSuspended } from '../../plugins/auth';
import { recordAudit } from '../admin/audit';
import { authOf } from '../../types';
import { acceptInvitation, findPendingInvitation } from '../invitations/service';
import { loadUser } from '../users/present';
import { hashPassword, needsRehash, requireStrongPassword, verifyPassword } from './password';
import { registered, signedIn, succeeded } from '../users/responses';
import { subscribeNewAccount } from './program-sign-up';
import { createAccount, findUserByEmail, isNewDevice, issueToken, revokeToken, storePasswordHash } from './service';
import { passwordRoutes } from './password-routes';

const registerWithDevice = registerBody.extend({ device_id: z.uuid().optional() });
const WRONG_CREDENTIALS = 'These credentials do not match our records.';
/** Verified against when the e-mail is unknown, so both answers take as long. */
let dummyHash: Promise<string> | undefined;

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Per (account, address) pair: an attacker's failures slow down only the attacker's own address.
  const failures = new GrowingDelay(app.counters, app.limits.loginFailuresBeforeDelay);

  api.post(
    '/api/register',
    {
      schema: {
        tags: ['account'],
        summary:
          'Create an account with its Default Board; answers 201 { success, token, user, subscription }. With the program_guid of a published program the account is subscribed to it and that board is the default (subscription: { program_id, board: { id, name } }, else null). A pending invitation token is marked accepted.',
        body: registerWithDevice,
        response: { 201: registered },
      },
      config: { rateLimit: { max: app.limits.signupPerIpPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const body = request.body;
      const taken = () => invalid({ email: ['is already registered'] });
      requireStrongPassword(body.password, [body.name, body.email]);
      if (await findUserByEmail(app.db, body.email)) throw taken();
      const invitation = body.invitation ? await findPendingInvitation(app.db, body.invitation) : undefined;
      // The invitation link carries its program in the path; the invitation itself is the fallback.
      const programGuid = body.program_guid ?? invitation?.programGuid ?? undefined;
      const userId = await createAccount(app.db, {
        name: body.name,
        email: body.email,
        passwordHash: await hashPassword(body.password),
        role: body.as_creator ? 'creator' : 'user',
        programGuid,
      }).catch((error: unknown) => {
        // Two sign-ups with one e-mail at once: both passed the check above, the unique index lets one through.
        throw isUniqueViolation(error, 'users_email_idx') ? taken() : error;
      });
      const subscription = programGuid ? await subscribeNewAccount(app, userId, programGuid) : null;
      if (invitation) await acceptInvitation(app.db, invitation.id);
      const token = await issueToken(app.db, userId, body.device_id, request.headers['user-agent']);
      return reply.code(201).send({ success: true, token, user: await loadUser(app.db, userId), subscription });
    },
  );

  api.post(
    '/api/login',
    {
      schema: {
        tags: ['account'],
        summary:
          'Sign in; wrong credentials answer 422; after 5 failures from one address for one account, that address waits (429, Retry-After) 1 s, 2 s, 4 s … up to 15 min',
        body: loginBody,
        response: { 200: signedIn },
      },
      config: { rateLimit: { max: app.limits.loginPerIpPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { email, password, device_id: deviceId } = request.body;
      // Hashed: the shared counters hold no e-mail addresses.
      const pair = `login:${createHash('sha256').update(`${email.toLowerCase()}\n${request.ip}`).digest('base64url')}`;
      const wait = await failures.retryAfter(pair);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw tooManyRequests();
      }
      const user = await findUserByEmail(app.db, email);
      const ok = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyPassword(await (dummyHash ??= hashPassword('not a real password')), password);
      if (!user || !ok) {
        await failures.record(pair);
        throw invalid({ email: [WRONG_CREDENTIALS] }, WRONG_CREDENTIALS);
      }
      await failures.clear(pair);
      // Said only to whoever knows the password, so it tells a stranger nothing about the account.
      if (user.suspendedAt) throw accountSuspended(403);
      if (needsRehash(user.passwordHash)) await storePasswordHash(app.db, user.id, await hashPassword(password));
      const newDevice = await isNewDevice(app.db, user.id, deviceId, request.headers['user-agent']);
      const token = await issueToken(app.db, user.id, deviceId, request.headers['user-agent']);
      // No e-mail in the entry: the account's own row names it while it exists, and a deleted account leaves none.
      if (newDevice)
        await recordAudit(app.db, {
          actorId: user.id,
          action: 'sign_in.new_device',
          targetType: 'user',
          targetId: user.id,
          detail: { device: newDevice, ip: request.ip },
        });
      // The same device's previous token was revoked.
      if (deviceId) app.forgetTokens();
      return { success: true as const, token, user: await loadUser(app.db, user.id) };
    },
  );

  // Logout reads no body: whatever one comes (empty with a JSON type, malformed, any type) is read and ignored, so
  // a client's quirk can never leave the token valid. Its own context, so JSON stays parsed for the other routes.
  await app.register(async (logout) => {
    logout.removeAllContentTypeParsers();
    logout.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
    logout.withTypeProvider<ZodTypeProvider>().post(
      '/logout',
      {
        schema: {
          tags: ['account'],
          summary: 'Revoke the token of this request (any body is ignored)',
          response: { 200: succeeded },
        },
        config: { ignoresBody: true },
        onRequest: app.authenticate,
      },
      async (request) => {
        await revokeToken(app.db, authOf(request).tokenId);
        app.forgetTokens();
        return { success: true as const };
      },
    );
  });
  await app.register(passwordRoutes);
}
