import { findModel, modelNames, models, type AnyModelDefinition, type ModelName } from '@lifeboard/shared/models';
import type { Role } from '@lifeboard/shared/models/user';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ErrorStatus } from '../openapi';
import type { WireRecord } from './compact-row';
import type { ListQuery } from './store';
import { modelTables } from '../db/model-tables';
import type { ModelTable } from '../db/model-table';
import { exerciseHooks } from '../modules/exercises/catalogue';
import { goalHooks } from '../modules/goals/service';
import { habitReminderHooks, reminderHooks } from '../modules/reminders/hooks';
import { healthIssueHooks } from './hooks/health-issue';
import { programHooks } from './hooks/program';
import { sharedPageHooks } from './hooks/shared-page';

export type RecordData = Record<string, unknown>;

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
  hooks: ModelHooks;
}

const hooks: Partial<Record<ModelName, ModelHooks>> = {
  exercise: exerciseHooks,
  health_issue: healthIssueHooks,
  goal: goalHooks,
  habit: habitReminderHooks,
  program: programHooks,
  reminder: reminderHooks,
  shared_page: sharedPageHooks,
};

const entries = new Map<string, ModelEntry>(
  modelNames.map((name) => [name, { def: models[name], table: modelTables[name], hooks: hooks[name] ?? {} }]),
);

/** Every model the engine serves, in registry order. */
export const modelEntries: readonly ModelEntry[] = [...entries.values()];

export function findEntry(name: string): ModelEntry | undefined {
  return findModel(name) ? entries.get(name) : undefined;
}

export function entryOf(name: ModelName): ModelEntry {
  const entry = entries.get(name);
  if (!entry) throw new Error(`model ${name} is not registered`);
  return entry;
}
