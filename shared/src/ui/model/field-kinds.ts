import type { z } from '../../models/zod';
import { findModel } from '../../models/index';
import type { AnyModelDefinition } from '../../models/index';
import { colour, isoDate, isoInstant, rating, rrule, timeOfDay, weekdays } from '../../models/fields';
import { humanize } from './field-spec';
import type { FieldKind, FieldSpec } from './field-spec';

/*
 * The field descriptions of the schema-driven kit, worked out from a model's declaration: its zod fields and
 * the words it gives them. Screens never run this: they read field-catalog.ts, which `pnpm generate` writes.
 */

/** Fields the server or another screen maintains: never typed into a generic form. */
const managedFields = new Set([
  'position',
  'word_count',
  'last_sent_at',
  'is_builtin',
  'external_id',
  'done_activity_id',
  'guid',
  'slug',
]);

/** Strings longer than this get a multi-line box. */
const longTextThreshold = 300;

type Schema = z.ZodType;

function unwrap(schema: Schema): { inner: Schema; nullable: boolean } {
  let inner = schema;
  let nullable = false;
  for (;;) {
    const type = inner.def.type;
    if (type === 'nullable') nullable = true;
    if (type !== 'nullable' && type !== 'optional' && type !== 'default') return { inner, nullable };
    inner = (inner as z.ZodNullable).unwrap() as Schema;
  }
}

function stringKind(name: string, def: AnyModelDefinition, schema: z.ZodString): FieldKind | null {
  if (def.richText.includes(name)) return { type: 'richtext' };
  if ((schema as Schema) === isoDate) return { type: 'date' };
  if ((schema as Schema) === isoInstant || schema.format === 'datetime') return { type: 'datetime' };
  if ((schema as Schema) === timeOfDay) return { type: 'time' };
  if ((schema as Schema) === colour) return { type: 'color' };
  if ((schema as Schema) === rrule) return { type: 'repeat' };
  const maxLength = schema.maxLength ?? undefined;
  if (schema.format === 'regex') return { type: 'text', maxLength };
  return maxLength !== undefined && maxLength > longTextThreshold
    ? { type: 'textarea', maxLength }
    : { type: 'text', maxLength };
}

/** Every value of a choice field with the words screens show for it. */
function optionLabels(options: readonly string[], named: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(options.map((option) => [option, named?.[option] ?? humanize(option)]));
}

function arrayKind(name: string, def: AnyModelDefinition, schema: z.ZodArray): FieldKind | null {
  if ((schema as Schema) === weekdays) return { type: 'weekdays' };
  const element = unwrap(schema.element as Schema).inner;
  if (element.def.type === 'string') return { type: 'tags' };
  if (element.def.type === 'number' && name.endsWith('_ids')) {
    const referenced = findModel(name.slice(0, -4));
    return referenced && !referenced.single ? { type: 'references', model: referenced.name } : null;
  }
  if (element.def.type === 'enum') {
    const options = (element as z.ZodEnum).options.map(String);
    const type = def.fieldWords?.[name]?.input?.kind === 'channels' ? 'channels' : 'choices';
    return { type, options, labels: optionLabels(options, def.optionLabels?.[name]) };
  }
  // Items with a title that a bare `{ title }` satisfies can be typed one per line.
  if (
    element.def.type === 'object' &&
    'title' in (element as z.ZodObject).shape &&
    element.safeParse({ title: 'x' }).success
  )
    return { type: 'lines' };
  return null;
}

/** What the form shows for one field, or null when a generic form cannot edit it (objects, records, id lists). */
export function fieldKind(name: string, def: AnyModelDefinition, schema: Schema): FieldKind | null {
  const input = def.fieldWords?.[name]?.input;
  if (managedFields.has(name) || input?.kind === 'managed') return null;
  const { inner } = unwrap(schema);
  if (input?.kind === 'money')
    return { type: 'money', currencyField: input.currencyField, max: (inner as z.ZodNumber).maxValue ?? undefined };
  if (input?.kind === 'url') return { type: 'url', maxLength: (inner as z.ZodString).maxLength ?? undefined };
  if (inner === (rating as Schema)) return { type: 'rating' };
  switch (inner.def.type) {
    case 'string':
      return stringKind(name, def, inner as z.ZodString);
    case 'enum': {
      const options = (inner as z.ZodEnum).options.map(String);
      return { type: 'select', options, labels: optionLabels(options, def.optionLabels?.[name]) };
    }
    case 'boolean':
      return { type: 'checkbox' };
    case 'number': {
      const referenced = name.endsWith('_id') ? findModel(name.slice(0, -3)) : undefined;
      if (referenced && !referenced.single) return { type: 'reference', model: referenced.name };
      if (name.endsWith('_id')) return null;
      const number = inner as z.ZodNumber;
      const bound = (value: number | null) =>
        value !== null && Number.isFinite(value) && Math.abs(value) < 1e12 ? value : undefined;
      return { type: 'number', min: bound(number.minValue), max: bound(number.maxValue), integer: number.isInt };
    }
    case 'array':
      return arrayKind(name, def, inner as z.ZodArray);
    default:
      return null;
  }
}

/** The editable fields of a model, in declaration order. */
export function fieldSpecs(def: AnyModelDefinition): FieldSpec[] {
  const specs: FieldSpec[] = [];
  for (const [name, schema] of Object.entries(def.fields.shape)) {
    const kind = fieldKind(name, def, schema as Schema);
    if (!kind) continue;
    const words = def.fieldWords?.[name];
    specs.push({
      name,
      label: words?.label ?? humanize(name),
      ...(words?.help ? { help: words.help } : {}),
      ...(words?.createOnly ? { createOnly: true as const } : {}),
      kind,
      nullable: unwrap(schema as Schema).nullable,
      required: def.required.includes(name),
    });
  }
  return specs;
}
