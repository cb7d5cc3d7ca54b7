import type { AnyModelDefinition } from '@lifeboard/shared/models';
import type { Role } from '@lifeboard/shared/models/user';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ModelTable } from '../db/model-table';
import type { ErrorStatus } from '../openapi';

/** What the model engine serves and the named exceptions a module may register for a model (`registerModelHooks`). */

export type RecordData = Record<string, unknown>;

/** A record as the API answers it. */
export type WireRecord = Record<string, unknown>;

export interface HookContext {
  app: FastifyInstance;
  userId: number;
  boardId: number;
  role: Role;
}

/** Named exceptions to the generic behaviour; a model with more than this graduates to `src/modules/<name>/`. */
export interface ModelHooks {
  /** Runs on validated, sanitized fields before insert; may fill server-made fields (e.g. a slug). */
  beforeCreate?(ctx: HookContext, data: RecordData): Promise<RecordData> | RecordData;
  /**
   * Runs on validated, sanitized changes before an update, with the stored fields; may change them (a program's
   * status) or refuse them by throwing. It may answer only the update's own statuses (404, 409, 422).
   */
  beforeUpdate?(
    ctx: HookContext,
    changes: RecordData,
    stored: RecordData,
    id: number,
  ): Promise<RecordData> | RecordData;
  /** Error statuses `beforeCreate` may answer beyond the engine's own (documented in /api/docs). */
  createErrors?: readonly ErrorStatus[];
  /** List parameters of this model beside the engine's own (search, from, to, limit, cursor). */
  listParams?: z.ZodRawShape;
  /**
   * Answers `/all` instead of the engine's own page, once the board is proved the caller's: for records every
   * user sees beside their own (exercise: the built-in library).
   */
  list?(
    ctx: HookContext,
    entry: ModelEntry,
    query: Record<string, unknown> & { limit: number },
    ownPage: (query: ListQuery) => Promise<ListAnswer>,
  ): Promise<ListAnswer>;
  /** A record `/get` finds that is not one of the caller's rows (a built-in exercise), or undefined. */
  get?(ctx: HookContext, id: number): Promise<WireRecord | undefined>;
}

/** A page of records as the list answers them. */
export interface ListAnswer {
  records: WireRecord[];
  nextCursor?: string;
}

export interface ModelEntry {
  def: AnyModelDefinition;
  table: ModelTable;
}

export interface ListQuery {
  search?: string;
  from?: string;
  to?: string;
  limit: number;
  cursor?: string;
  /** Only records carrying this tag (a model with a `tags` field; its hooks add the parameter). */
  tag?: string;
  /** Only records whose date field falls on this `MM-DD`, any year ("On this day"; its hooks add the parameter). */
  same_day?: string;
}
