import { email } from '@lifeboard/shared/models/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, invalid, tooManyRequests } from '../../errors';
import { dbId } from '../../ids';
import { authOf } from '../../types';
import { findPublishedProgram } from '../programs/install';
import { invitationMail } from './invitation-mail';
import { queueMail } from '../mail/jobs';
import { createInvitation, invitationRetryAfter, listInvitations, present, withdrawInvitation } from './service';
import { errorsOf } from '../../openapi';

const programGuid = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'is not a program link');

const invitationView = z.object({
  id: z.number().int(),
  email: z.string(),
  program_guid: z.string().nullable(),
  sent_at: z.string().describe('ISO instant the e-mail was sent'),
  accepted_at: z.string().nullable().describe('ISO instant the invitee signed up with the link; null while pending'),
});

const createBody = z.object({ email, program_guid: programGuid.nullable().optional() }).strict();
const deleteBody = z.object({ id: dbId }).strict();

/** A program title as one short line, safe for a subject header. */
function oneLine(title: unknown): string {
  const text = typeof title === 'string' ? title.replace(/\s+/g, ' ').trim() : '';
  return (text || 'Program').slice(0, 100);
}

/** E-mailed invitations (domain.md **invitation**): send, list one's own, withdraw a pending one. */
export async function invitationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = { onRequest: app.authenticate };

  api.post(
    '/api/invitations/create',
    {
      schema: {
        tags: ['invitations'],
        summary:
          "E-mail an invitation to sign up (the mail is queued and retried), optionally into a published program of the caller (403 for another creator's, unless an admin); the same answer whether or not the address has an account. 429 with Retry-After beyond the hourly limit.",
        body: createBody,
        response: { 200: z.object({ success: z.literal(true), invitation: invitationView }), ...errorsOf(403, 429) },
      },
      ...guard,
    },
    async (request, reply) => {
      const { userId, role } = authOf(request);
      const wait = await invitationRetryAfter(app.db, userId, app.limits.invitationsPerUserPerHour);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw tooManyRequests();
      }
      const guid = request.body.program_guid ?? null;
      const program = guid ? await findPublishedProgram(app.db, guid) : undefined;
      if (guid && !program) throw invalid({ program_guid: ['is not a published program'] });
      // A program's invitations go out in its creator's name: nobody else may send mail naming it.
      if (program && program.userId !== userId && role !== 'admin')
        throw forbidden("Only the program's creator can invite people into it.");

      const { row, token, inviterName } = await createInvitation(app.db, userId, request.body.email, guid);
      // Queued: the invitation is listed at once, and an SMTP outage only delays the mail (the job retries).
      await queueMail(
        app.queue,
        invitationMail({
          to: row.email,
          inviterName,
          appUrl: app.env.APP_URL,
          token,
          program: guid ? { guid, title: oneLine(program?.data.title) } : null,
        }),
      );
      return { success: true as const, invitation: present(row) };
    },
  );

  api.get(
    '/api/invitations',
    {
      schema: {
        tags: ['invitations'],
        summary:
          "The caller's invitations, newest first (200 at most); withdrawn ones are left out and the token is never shown",
        response: { 200: z.object({ success: z.literal(true), invitations: z.array(invitationView) }) },
      },
      ...guard,
    },
    async (request) => ({ success: true as const, invitations: await listInvitations(app.db, authOf(request).userId) }),
  );

  api.post(
    '/api/invitations/delete',
    {
      schema: {
        tags: ['invitations'],
        summary:
          'Withdraw a pending invitation: its link no longer marks anything. Unknown or not yours: 404; accepted: 422',
        body: deleteBody,
        response: { 200: z.object({ success: z.literal(true), id: z.number().int() }), ...errorsOf(404) },
      },
      ...guard,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { id } = request.body;
      await withdrawInvitation(app.db, userId, id);
      return { success: true as const, id };
    },
  );
}
