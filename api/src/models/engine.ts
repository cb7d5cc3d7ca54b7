import { createSchema, recordSchema, updateSchema } from '@lifeboard/shared/models';
import { isoDate } from '@lifeboard/shared/models/fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors';
import { requireOwnBoard } from '../modules/boards/service';
import { authOf } from '../types';
import { findEntry, modelEntries, type ModelEntry, type RecordData } from './registry';
import { sanitizeRecord } from './sanitize-record';
import { deleteRecord, findSingle, getRecord, insertRecord, listRecords, updateRecord, type Owner } from './store';
import { dbId } from '../ids';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

const board = dbId;
const id = dbId;
const listParams = z.object({
  search: z.string().trim().min(1).max(200).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  limit: z.number().int().min(1, 'must be at least 1').max(MAX_LIMIT, `must be at most ${MAX_LIMIT}`).optional(),
  cursor: z.string().max(200).optional(),
}).strict().refine((p) => !p.from || !p.to || p.from <= p.to, { message: 'must not be after to', path: ['from'] });

async function ownerOf(app: FastifyInstance, request: FastifyRequest, boardId: number): Promise<Owner> {
  const { userId } = authOf(request);
  await requireOwnBoard(app.db, userId, boardId);
  return { userId, boardId };
}

/** The caller and board of a request whose board is proved only when needed (see `provedBy`). */
function claimOf(request: FastifyRequest, boardId: number): Owner {
  return { userId: authOf(request).userId, boardId };
}

/**
 * Runs a read or write filtered by user AND board. A row found that way proves the board is the caller's,
 * so the board is looked up only when nothing was found: to answer 403 (not the caller's board) rather than 404.
 * This saves a query on the hot path without ever touching another user's rows.
 */
async function provedBy<T>(app: FastifyInstance, owner: Owner, run: () => Promise<T>, isEmpty: (result: T) => boolean = () => false): Promise<T> {
  try {
    const result = await run();
    if (isEmpty(result)) await requireOwnBoard(app.db, owner.userId, owner.boardId);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) await requireOwnBoard(app.db, owner.userId, owner.boardId);
    throw error;
  }
}

/** Registers `POST /api/{M}/all|get|create|update|delete` for one registry entry. */
function registerModel(app: FastifyInstance, entry: ModelEntry): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { def } = entry;
  const present = recordSchema(def);
  const toRecord = (row: { id: number; boardId: number; createdAt: Date; updatedAt: Date; position: number; data: RecordData }) =>
    present.parse({
      ...row.data,
      ...('position' in def.fields.shape ? { position: row.position } : {}),
      id: row.id, board_id: row.boardId, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
    });
  const base = `/api/${def.name}`;
  const guard = { onRequest: app.authenticate };
  const tags = [def.name];
  // Rich text is sanitized (unstorable characters become U+FFFD), so the storable-text check leaves it alone.
  const config = { richTextPaths: def.richText.map((field) => `params.${field}`) };
  const createParams = createSchema(def);
  const updateParams = updateSchema(def).extend({ id });

  api.post(`${base}/all`, {
    schema: { tags, summary: `List ${def.plural.toLowerCase()} (answers under "${def.state}", paged by next_cursor)`, body: z.object({ board, params: listParams.optional() }).strict() },
    ...guard,
  }, async (request) => {
    const owner = claimOf(request, request.body.board);
    if (def.single) {
      const row = await provedBy(app, owner, () => findSingle(app.db, entry, owner), (found) => !found);
      return { success: true, [def.state]: row ? toRecord(row) : null };
    }
    const params = request.body.params ?? {};
    const { rows, nextCursor } = await provedBy(app, owner, () => listRecords(app.db, entry, owner, { ...params, limit: params.limit ?? DEFAULT_LIMIT }),
      (page) => page.rows.length === 0);
    return { success: true, [def.state]: rows.map(toRecord), ...(nextCursor ? { next_cursor: nextCursor } : {}) };
  });

  api.post(`${base}/get`, {
    schema: { tags, summary: `One ${def.label.toLowerCase()}`, body: z.object({ board, params: z.object({ id }).strict() }).strict() },
    ...guard,
  }, async (request) => {
    const owner = claimOf(request, request.body.board);
    const row = await provedBy(app, owner, () => getRecord(app.db, entry, owner, request.body.params.id));
    return { success: true, [def.name]: toRecord(row) };
  });

  api.post(`${base}/create`, {
    schema: { tags, summary: `Create a ${def.label.toLowerCase()}${def.single ? ' (one per board: replaces the existing one)' : ''}`, body: z.object({ board, params: createParams }).strict() },
    config,
    ...guard,
  }, async (request, reply) => {
    const owner = await ownerOf(app, request, request.body.board);
    let data = sanitizeRecord(def, request.body.params);
    if (entry.hooks.beforeCreate) data = await entry.hooks.beforeCreate({ app, ...owner }, data);
    const existing = def.single ? await findSingle(app.db, entry, owner) : undefined;
    const row = existing ? await updateRecord(app.db, entry, owner, existing.id, data) : await insertRecord(app.db, entry, owner, data);
    return reply.code(existing ? 200 : 201).send({ success: true, [def.name]: toRecord(row) });
  });

  api.post(`${base}/update`, {
    schema: { tags, summary: `Change some fields of a ${def.label.toLowerCase()}`, body: z.object({ board, params: updateParams }).strict() },
    config,
    ...guard,
  }, async (request) => {
    const owner = claimOf(request, request.body.board);
    const { id: recordId, ...changes } = request.body.params;
    const row = await provedBy(app, owner, () => updateRecord(app.db, entry, owner, recordId, sanitizeRecord(def, changes)));
    return { success: true, [def.name]: toRecord(row) };
  });

  api.post(`${base}/delete`, {
    schema: { tags, summary: `Delete a ${def.label.toLowerCase()}`, body: z.object({ board, params: z.object({ id }).strict() }).strict() },
    ...guard,
  }, async (request) => {
    const owner = claimOf(request, request.body.board);
    await provedBy(app, owner, () => deleteRecord(app.db, entry, owner, request.body.params.id));
    return { success: true, id: request.body.params.id };
  });
}

export async function modelRoutes(app: FastifyInstance): Promise<void> {
  for (const entry of modelEntries) registerModel(app, entry);

  // Anything else under /api/{M}/{verb}: the spec's wording for a model that does not exist.
  app.post<{ Params: { model: string; verb: string } }>('/api/:model/:verb', { schema: { hide: true } }, async (request, reply) => {
    const { model, verb } = request.params;
    if (!findEntry(model)) return reply.code(404).send({ success: false, error: `Unable to find model: ${model}` });
    throw new AppError(404, 'LB-UNKNOWN-ACTION', `Unknown action ${verb} for ${model}.`);
  });
}

