import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { MAX_DB_ID } from '../../ids';
import { authOf } from '../../types';
import { adminAuthorRoutes } from './admin-authors';
import { adminPrograms, chaptersOf, programStatuses } from './admin-programs';
import { answerQuiz, implementation, markChapter, mySubscriptions } from './implement';
import { documented } from '../../openapi';
import { dbId } from '../../ids';
import { authorIdOf, findAuthor, followedAuthors } from './service';
import { errorsOf } from '../../openapi';
import {
  adminProgramList,
  authorPage,
  followed,
  implemented,
  oneAdminProgram,
  quizAttemptOut,
  subscriptionList,
} from './responses';

const guid = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const NO_AUTHOR = 'No such author.';

/** Authors' public pages, the authors a user follows, putting a program into practice, and the admin program list. */
export async function authorRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/author/:author',
    {
      schema: {
        tags: ['author'],
        summary: "An author's public page: name, tagline (if shown) and published programs; read signed out",
        security: [],
        params: z.object({ author: z.string() }),
        response: { 200: authorPage, ...errorsOf(404) },
      },
    },
    async (request) => {
      const id = authorIdOf(request.params.author);
      const found = id === null ? null : await findAuthor(app.db, id);
      if (!found) throw notFound(NO_AUTHOR);
      return { success: true as const, author: found.author, programs: found.programs };
    },
  );

  api.get(
    '/api/authors/followed',
    {
      schema: {
        tags: ['author'],
        summary: 'The authors of the programs the caller subscribed to, with those programs',
        response: { 200: followed },
      },
      onRequest: app.authenticate,
    },
    async (request) => ({ success: true as const, authors: await followedAuthors(app.db, authOf(request).userId) }),
  );

  api.get(
    '/api/program-implement',
    {
      schema: {
        tags: ['program'],
        summary: "The caller's subscriptions, newest first",
        response: { 200: subscriptionList },
      },
      onRequest: app.authenticate,
    },
    async (request) => ({
      success: true as const,
      subscriptions: await mySubscriptions(app.db, authOf(request).userId),
    }),
  );

  api.get(
    '/api/program-implement/:guid',
    {
      schema: {
        tags: ['program'],
        summary:
          "A program put into practice: its chapters, what it installed on the subscription's board and progress",
        params: z.object({ guid }),
        response: { 200: implemented, ...errorsOf(404) },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const found = await implementation(app.db, authOf(request).userId, request.params.guid);
      if (!found) throw notFound('No published program has this link.');
      return { success: true as const, ...found };
    },
  );

  api.post(
    '/api/program-implement/:guid/chapter',
    {
      schema: {
        tags: ['program'],
        summary: 'Mark a chapter complete (or not) in the course player; for those who may read it',
        params: z.object({ guid }),
        body: z.object({ chapter_id: dbId, completed: z.boolean() }).strict(),
        response: {
          200: documented(z.object({ success: z.literal(true) }).meta({ description: 'Recorded.' })),
          ...errorsOf(404),
        },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const ok = await markChapter(
        app.db,
        authOf(request).userId,
        request.params.guid,
        request.body.chapter_id,
        request.body.completed,
      );
      if (!ok) throw notFound('No such chapter you can read.');
      return { success: true as const };
    },
  );

  api.post(
    '/api/program-implement/:guid/quiz',
    {
      schema: {
        tags: ['program'],
        summary:
          "Answer a lesson's quiz in the course player: scored, kept (replacing earlier answers) and answered with the right choices",
        params: z.object({ guid }),
        body: z
          .object({
            chapter_id: dbId,
            answers: z.array(z.number().int().min(0).max(7).nullable()).max(50),
          })
          .strict(),
        response: {
          200: documented(
            z
              .object({ success: z.literal(true), attempt: quizAttemptOut })
              .meta({ description: 'The score, with the right choices.' }),
          ),
          ...errorsOf(404),
        },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { chapter_id: chapterId, answers } = request.body;
      const attempt = await answerQuiz(app.db, authOf(request).userId, request.params.guid, chapterId, answers);
      if (!attempt) throw notFound('No quiz you can answer in this chapter.');
      return { success: true as const, attempt };
    },
  );

  api.get(
    '/api/admin/programs',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every program, drafts included, 100 per page by id',
        querystring: z
          .object({
            after: z.coerce.number().int().min(0).max(MAX_DB_ID).default(0),
            status: z.enum(programStatuses).optional(),
          })
          .strict(),
        response: { 200: adminProgramList },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => ({ success: true as const, programs: await adminPrograms(app.db, request.query) }),
  );

  api.get(
    '/api/admin/programs/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One program, whatever its status',
        params: z.object({ id: z.coerce.number().int().positive().max(MAX_DB_ID) }),
        response: { 200: oneAdminProgram, ...errorsOf(404) },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const [program] = await adminPrograms(app.db, { after: 0, id: request.params.id });
      if (!program) throw notFound('No such program.');
      return { success: true as const, program: { ...program, chapters: await chaptersOf(app.db, program.id) } };
    },
  );
  await app.register(adminAuthorRoutes);
}
