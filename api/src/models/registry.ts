import { findModel, modelNames, models, type ModelName } from '@lifeboard/shared/models';
import type { FastifyInstance } from 'fastify';
import { modelTables } from '../db/model-tables';
import type { ModelEntry, ModelHooks } from './model-hooks';

const entries = new Map<string, ModelEntry>(
  modelNames.map((name) => [name, { def: models[name], table: modelTables[name] }]),
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

/**
 * A module's exceptions to the engine's generic behaviour for one of its models, registered by the module's plugin
 * while the app is built (before the engine's routes, which read them).
 */
export function registerModelHooks(app: FastifyInstance, name: ModelName, hooks: ModelHooks): void {
  app.modelHooks.set(name, hooks);
}
