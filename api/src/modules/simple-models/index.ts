import { simpleModelNames } from '@lifeboard/shared/models';
import type { SimpleModelName } from '@lifeboard/shared/models/mission';
import { responses } from '@lifeboard/shared/models/mission';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bodyLimits } from '../../plugins/body-limits';
import { authOf } from '../../types';
import { requireOwnBoard } from '../boards/service';
import { readAnswers, saveAnswers } from './service';
import { dbId } from '../../ids';
import { documented } from '../../openapi';

const board = dbId;
const model = z.enum(simpleModelNames);
type Answers = z.infer<typeof responses>;

/** What the guided-page calls answer, for /api/docs only: answers are sent as they are. */
export const answersRead = documented(
  z
    .object({
      success: z.literal(true),
      data: responses.nullable().describe('The answers keyed by question id; null when none yet.'),
    })
    .meta({ description: 'The answers of the page on the board.' }),
);
const savedUnder = (name: SimpleModelName) =>
  z.object({ success: z.literal(true), [name]: responses }).meta({ title: `Saved ${name}` });
export const answersSaved = documented(
  z
    .union(simpleModelNames.map(savedUnder))
    .meta({ description: 'Saved: the answers as stored, under the name of the page (`{ success, purpose: {...} }`).' }),
);
/** `{ success, [name]: answers }`. TypeScript widens a computed key to an index signature; the one key it is, is asserted here. */
const saved = (name: SimpleModelName, answers: Answers) =>
  ({ success: true as const, [name]: answers }) as z.output<typeof answersSaved>;

/**
 * One document of answers per board and page. `mission` keeps its answers on the mission record itself,
 * so `/api/mission/all` and the guided page read the same thing.
 */
export async function simpleModelRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/simple_model/get',
    {
      schema: {
        tags: ['simple_model'],
        summary: 'The answers of a guided page on a board (data: null when none yet)',
        body: z.object({ board, model }).strict(),
        response: { 200: answersRead },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      await requireOwnBoard(app.db, userId, request.body.board);
      return {
        success: true as const,
        data: await readAnswers(app.db, userId, request.body.board, request.body.model),
      };
    },
  );

  api.post(
    '/api/simple_model/update',
    {
      schema: {
        tags: ['simple_model'],
        summary: 'Replace the answers of a guided page',
        body: z.object({ board, model, responses }).strict(),
        response: { 200: answersSaved },
      },
      // Answers to up to 100 questions: a record write.
      bodyLimit: bodyLimits.record,
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = authOf(request);
      const { board: boardId, model: name, responses: answers } = request.body;
      await requireOwnBoard(app.db, userId, boardId);
      await saveAnswers(app.db, userId, boardId, name, answers);
      return saved(name, answers);
    },
  );
}
