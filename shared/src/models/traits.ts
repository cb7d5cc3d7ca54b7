import { modelTraits } from './catalog';
import type { ModelName } from './index';

/**
 * What the data layer and the list helpers need to know of each model, as plain data: loading or deleting
 * from a list then needs neither zod nor every model's schema, which only forms load (the registry, index.ts).
 * `pnpm generate` writes them (catalog.ts) from the model declarations.
 */
export interface ModelTraits {
  /** Human label for screens and messages. */
  label: string;
  /** The label of a list of them ("People"). */
  plural: string;
  /** The key of the list in an answer (spec §4's state names). */
  state: string;
  /** The field that names a record. */
  titleField: string;
  /** One record per board (mission). */
  single?: true;
  /** Ordered by `position`: a new item goes last. */
  positional?: true;
}

export function traitsOf(name: string): ModelTraits | undefined {
  return Object.hasOwn(modelTraits, name) ? modelTraits[name as ModelName] : undefined;
}
