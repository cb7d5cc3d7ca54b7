import { findModel, modelNames, models, type AnyModelDefinition, type ModelName } from '@lifeboard/shared/models';
import type { Role } from '@lifeboard/shared/models/user';
import type { FastifyInstance } from 'fastify';
import type { ErrorStatus } from '../openapi';
import { modelTables } from '../db/model-tables';
import type { ModelTable } from '../db/model-table';
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
  /** Error statuses `beforeCreate` may answer beyond the engine's own (documented in /api/docs). */
  createErrors?: readonly ErrorStatus[];
  /** Runs on validated, sanitized changes to a stored record (`current`) before they are written; may change or refuse them. */
  beforeUpdate?(ctx: HookContext, changes: RecordData, current: RecordData): Promise<RecordData> | RecordData;
}

export interface ModelEntry {
  def: AnyModelDefinition;
  table: ModelTable;
  hooks: ModelHooks;
}

const hooks: Partial<Record<ModelName, ModelHooks>> = {
  program: programHooks,
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
