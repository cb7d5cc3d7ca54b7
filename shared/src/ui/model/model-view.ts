import { traitsOf } from '../../models/traits';
import type { ModelTraits } from '../../models/traits';
import type { ModelName } from '../../models/index';
import { modelFields } from './field-catalog';
import type { FieldSpec } from './field-spec';

/** What the schema-driven screens show of a model: its names and its fields, all plain data (no zod). */
export interface ModelView extends ModelTraits {
  name: string;
  fields: readonly FieldSpec[];
}

const views = new Map<string, ModelView>();

/** The view of a registry model, the same object on every call; undefined for a name the registry lacks. */
export function modelView(name: string): ModelView | undefined {
  let view = views.get(name);
  if (!view) {
    const traits = traitsOf(name);
    if (!traits) return undefined;
    view = { ...traits, name, fields: modelFields[name as ModelName] };
    views.set(name, view);
  }
  return view;
}
