import { describe, expect, it } from 'vitest';
import { findModel, modelNames } from '../../models/index';
import { modelFields } from './field-catalog';
import { fieldSpecs } from './field-kinds';

/** A value as TypeScript source: unquoted keys where they are identifiers, single-quoted strings. */
function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, inner]) => inner !== undefined);
    return `{ ${entries.map(([key, inner]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : literal(key)}: ${literal(inner)}`).join(', ')} }`;
  }
  return String(value);
}

/** field-catalog.ts as it must read: the kit's description of every field of every model of the registry. */
function catalogSource(): string {
  const models = modelNames.map((name) => {
    const fields = fieldSpecs(findModel(name)!).map((spec) => `    ${literal(spec)},`);
    return `  ${name}: [\n${fields.join('\n')}\n  ],`;
  });
  return [
    '// Written by field-catalog.test.ts from the model registry (field-kinds.ts): do not edit by hand. After a',
    '// change to a model, run `pnpm --filter @lifeboard/shared exec vitest run src/ui/model/field-catalog.test.ts -u`.',
    "import type { ModelName } from '../../models/index';",
    "import type { FieldSpec } from './field-spec';",
    '',
    '/** The fields of each model as the schema-driven screens show them, in declaration order. */',
    'export const modelFields: Readonly<Record<ModelName, readonly FieldSpec[]>> = {',
    ...models,
    '};',
    '',
  ].join('\n');
}

describe('the field catalog', () => {
  it('is what the registry says of every field (rewritten with -u)', async () => {
    await expect(catalogSource()).toMatchFileSnapshot('./field-catalog.ts');
  });

  it('describes the fields the schemas do', () => {
    for (const name of modelNames) expect(modelFields[name], name).toEqual(fieldSpecs(findModel(name)!));
  });
});
