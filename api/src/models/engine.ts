import type { Role } from '@lifeboard/shared/models/user';
import { createSchema, updateSchema } from '@lifeboard/shared/models';
import { errorCodes } from '@lifeboard/shared/api/error-codes';
import { isoDate, isoInstant } from '@lifeboard/shared/models/fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden, notFound } from '../errors';
import { dbId } from '../ids';
import { requireOwnBoard } from '../modules/boards/service';
import { bodyLimits } from '../plugins/body-limits';
import { authOf } from '../types';
import { presenterOf, type StoredRow } from './presenter';
import { findRow, insertOwned, listPage, updateIfUnchanged } from './fast-store';
import { healthIssueHooks } from './hooks/health-issue';
import { programHooks } from './hooks/program';
import { sharedPageHooks } from './hooks/shared-page';
import type { ListQuery, ModelEntry, ModelHooks, WireRecord } from './model-hooks';
import { findEntry, modelEntries } from './registry';
import { modelResponses } from './responses';
import { checkSealed, sanitizeRecord } from './sanitize-record';
import { deleteRecord, findSingle, insertRecord, updateRecord, type Owner } from './store';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

const board = dbId;
const id = dbId;
const listShape = {
  search: z.string().trim().min(1).max(200).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  limit: z.number().int().min(1, 'must be at least 1').max(MAX_LIMIT, `must be at most ${MAX_LIMIT}`).optional(),
  cursor: z.string().max(200).optional(),
};
/** The list parameters of a model: the engine's, and those its hooks add. */
const listParamsOf = (extra: z.ZodRawShape = {}) =>
  z
    .object({ ...listShape, ...extra })
    .strict()
    .refine((p) => !p.from || !p.to || p.from <= p.to, { message: 'must not be after to', path: ['from'] });

/** The caller and board of a request whose board is proved only when needed (see `provedBy`). */
function claimOf(request: FastifyRequest, boardId: number): Owner {
  return { userId: authOf(request).userId, boardId };
}

/**
 * Runs a read or write filtered by user AND board. A row found that way proves the board is the caller's,
 * so the board is looked up only when nothing was found: to answer 403 (not the caller's board) rather than 404.
 * This saves a query on the hot path without ever touching another user's rows.
 */
async function provedBy<T>(
  app: FastifyInstance,
  owner: Owner,
  run: () => Promise<T>,
  isEmpty: (result: T) => boolean = () => false,
): Promise<T> {
  try {
    const result = await run();
    if (isEmpty(result)) await requireOwnBoard(app.db, owner.userId, owner.boardId);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404)
      await requireOwnBoard(app.db, owner.userId, owner.boardId);
    throw error;
  }
}

export const CONFLICT_MESSAGE = 'This item was changed elsewhere. Reload it to see the newest version.';
/** Compare-and-set attempts of an update without `expected_updated_at` (last writer wins, nothing lost). */
const UPDATE_ATTEMPTS = 5;

/** A record found by user AND board; when none is, the board decides between 403 and 404. */
async function requireRow(app: FastifyInstance, entry: ModelEntry, owner: Owner, id: number): Promise<StoredRow> {
  const row = await findRow(app.db, entry, owner, id);
  if (row) return row;
  await requireOwnBoard(app.db, owner.userId, owner.boardId);
  throw notFound(`No such ${entry.def.label.toLowerCase()}.`);
}

/** `/get`'s record: one of the caller's, else one the model's hooks know (a built-in exercise), else 403/404. */
async function requireReadable(
  app: FastifyInstance,
  entry: ModelEntry,
  hooks: ModelHooks,
  owner: Owner,
  role: Role,
  id: number,
  present: (row: StoredRow) => WireRecord,
): Promise<WireRecord> {
  const row = await findRow(app.db, entry, owner, id);
  if (row) return present(row);
  await requireOwnBoard(app.db, owner.userId, owner.boardId);
  const shared = await hooks.get?.({ app, ...owner, role }, id);
  if (shared) return shared;
  throw notFound(`No such ${entry.def.label.toLowerCase()}.`);
}

/** Registers `POST /api/{M}/all|get|create|update|delete` for one registry entry. */
function registerModel(app: FastifyInstance, entry: ModelEntry, hooks: ModelHooks): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { def } = entry;
  const present = presenterOf(def);
  const base = `/api/${def.name}`;
  const guard = { onRequest: app.authenticate };
  const tags = [def.name];
  const responses = modelResponses(def, hooks.createErrors);
  // Rich text is sanitized (unstorable characters become U+FFFD), so the storable-text check leaves it alone.
  const config = { richTextPaths: def.richText.map((field) => `params.${field}`) };
  // A write carries one record: editor HTML makes it large, other fields never come near the record limit.
  const bodyLimit = def.richText.length > 0 ? bodyLimits.richText : bodyLimits.record;
  const createParams = createSchema(def);
  const updateParams = updateSchema(def).extend({
    id,
    expected_updated_at: isoInstant
      .optional()
      .describe(
        'Optimistic concurrency: the `updated_at` the client last read. When the stored record has another one, the answer is 409 ' +
          '`{ success: false, error, current }` with the stored record, and nothing changes. Without it, the last write wins.',
      ),
  });

  api.post(
    `${base}/all`,
    {
      schema: {
        tags,
        summary: `List ${def.plural.toLowerCase()} (answers under "${def.state}", paged by next_cursor)`,
        body: z.object({ board, params: listParamsOf(hooks.listParams).optional() }).strict(),
        response: responses.all,
      },
      ...guard,
    },
    async (request) => {
      const owner = claimOf(request, request.body.board);
      if (hooks.list) {
        await requireOwnBoard(app.db, owner.userId, owner.boardId);
        const params = request.body.params ?? {};
        // The engine's own page, for the hook to answer with when the model's own rows are all that is asked for.
        const ownPage = async (query: ListQuery) => {
          const page = await listPage(app.db, entry, owner, query);
          return { records: page.rows.map(present), nextCursor: page.nextCursor };
        };
        const { records, nextCursor } = await hooks.list(
          { app, ...owner, role: authOf(request).role },
          entry,
          { ...params, limit: params.limit ?? DEFAULT_LIMIT },
          ownPage,
        );
        return { success: true, [def.state]: records, ...(nextCursor ? { next_cursor: nextCursor } : {}) };
      }
      if (def.single) {
        const row = await provedBy(
          app,
          owner,
          () => findSingle(app.db, entry, owner),
          (found) => !found,
        );
        return { success: true, [def.state]: row ? present(row) : null };
      }
      const params = request.body.params ?? {};
      const { rows, nextCursor } = await provedBy(
        app,
        owner,
        () => listPage(app.db, entry, owner, { ...params, limit: params.limit ?? DEFAULT_LIMIT }),
        (page) => page.rows.length === 0,
      );
      return { success: true, [def.state]: rows.map(present), ...(nextCursor ? { next_cursor: nextCursor } : {}) };
    },
  );

  api.post(
    `${base}/get`,
    {
      schema: {
        tags,
        summary: `One ${def.label.toLowerCase()}`,
        body: z.object({ board, params: z.object({ id }).strict() }).strict(),
        response: responses.get,
      },
      ...guard,
    },
    async (request) => {
      return {
        success: true,
        [def.name]: await requireReadable(
          app,
          entry,
          hooks,
          claimOf(request, request.body.board),
          authOf(request).role,
          request.body.params.id,
          present,
        ),
      };
    },
  );

  api.post(
    `${base}/create`,
    {
      schema: {
        tags,
        summary: `Create a ${def.label.toLowerCase()}${def.single ? ' (one per board: replaces the existing one)' : ''}`,
        body: z.object({ board, params: createParams }).strict(),
        response: responses.create,
      },
      config,
      bodyLimit,
      ...guard,
    },
    async (request, reply) => {
      const owner = claimOf(request, request.body.board);
      const data = sanitizeRecord(def, request.body.params);
      checkSealed(def, data);
      if (!def.single && !hooks.beforeCreate) {
        // The common case is one statement: the board check is folded into the INSERT.
        const row = await insertOwned(app.db, entry, owner, data);
        if (!row) {
          // Nothing inserted: the board is not the caller's (403). It can only be theirs here if it was deleted meanwhile.
          await requireOwnBoard(app.db, owner.userId, owner.boardId);
          throw forbidden('This board is not yours.');
        }
        return reply.code(201).send({ success: true, [def.name]: present(row) });
      }
      // Hooks may read other records: they run only once the board is proved the caller's.
      await requireOwnBoard(app.db, owner.userId, owner.boardId);
      const prepared = hooks.beforeCreate
        ? await hooks.beforeCreate({ app, ...owner, role: authOf(request).role }, data)
        : data;
      const existing = def.single ? await findSingle(app.db, entry, owner) : undefined;
      const row = existing
        ? await updateRecord(app.db, entry, owner, existing.id, prepared)
        : await insertRecord(app.db, entry, owner, prepared);
      return reply.code(existing ? 200 : 201).send({ success: true, [def.name]: present(row) });
    },
  );

  api.post(
    `${base}/update`,
    {
      schema: {
        tags,
        summary: `Change some fields of a ${def.label.toLowerCase()} (409 when \`expected_updated_at\` is stale)`,
        body: z.object({ board, params: updateParams }).strict(),
        response: responses.update,
      },
      config,
      bodyLimit,
      ...guard,
    },
    async (request, reply) => {
      const owner = claimOf(request, request.body.board);
      const { id: recordId, expected_updated_at: expected, ...fields } = request.body.params;
      const conflict = (current: StoredRow) =>
        reply.code(409).send({ success: false, error: CONFLICT_MESSAGE, current: present(current) });
      let read = await requireRow(app, entry, owner, recordId);
      for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt += 1) {
        if (expected !== undefined && Date.parse(expected) !== read.updatedAt.getTime()) return conflict(read);
        // Sanitized against the record as read: whether it is encrypted decides what its rich text may hold.
        const changes = sanitizeRecord(def, fields, read.data);
        checkSealed(def, { ...read.data, ...changes });
        const allowed = hooks.beforeUpdate
          ? await hooks.beforeUpdate({ app, ...owner, role: authOf(request).role }, changes, read.data, read.id)
          : changes;
        const written = await updateIfUnchanged(app.db, entry, owner, read, allowed);
        if (written) return { success: true, [def.name]: present(written) };
        // Someone wrote between our read and our write: read again (a deletion in between is a 404).
        read = await requireRow(app, entry, owner, recordId);
      }
      return conflict(read);
    },
  );

  api.post(
    `${base}/delete`,
    {
      schema: {
        tags,
        summary: `Delete a ${def.label.toLowerCase()}`,
        body: z.object({ board, params: z.object({ id }).strict() }).strict(),
        response: responses.delete,
      },
      ...guard,
    },
    async (request) => {
      const owner = claimOf(request, request.body.board);
      await provedBy(app, owner, () => deleteRecord(app.db, entry, owner, request.body.params.id));
      return { success: true, id: request.body.params.id };
    },
  );
}

/** The engine's own exceptions; a module registers its models' with `registerModelHooks` when its plugin loads. */
const builtInHooks: Partial<Record<string, ModelHooks>> = {
  health_issue: healthIssueHooks,
  program: programHooks,
  shared_page: sharedPageHooks,
};

export async function modelRoutes(app: FastifyInstance): Promise<void> {
  for (const entry of modelEntries) {
    registerModel(app, entry, app.modelHooks.get(entry.def.name) ?? builtInHooks[entry.def.name] ?? {});
  }

  // Anything else under /api/{M}/{verb}: the spec's wording for a model that does not exist.
  app.post<{ Params: { model: string; verb: string } }>(
    '/api/:model/:verb',
    { schema: { hide: true } },
    async (request, reply) => {
      const { model, verb } = request.params;
      if (!findEntry(model)) return reply.code(404).send({ success: false, error: `Unable to find model: ${model}` });
      throw new AppError(404, errorCodes.unknownAction, `Unknown action ${verb} for ${model}.`);
    },
  );
}
