/**
 * `pnpm generate`: writes the plain-data catalogs the first pages load from the one declaration of each model
 * (its zod schema and metadata in src/models/<model>.ts). Screens and stores read the catalogs, so they never
 * load zod or every model's schema to render. `--check` writes nothing and fails when a file is out of step
 * (CI runs it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { findModel, modelNames } from '../src/models/index';
import { fieldSpecs } from '../src/ui/model/field-kinds';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const header =
  '// Written by `pnpm generate` (shared/scripts/generate-catalogs.ts) from the model declarations: do not edit by hand.';

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

function definition(name: string) {
  const def = findModel(name);
  if (!def) throw new Error(`no model ${name}`);
  return def;
}

function modelCatalog(): string {
  const rows = modelNames.map((name) => {
    const def = definition(name);
    const traits = {
      label: def.label,
      plural: def.plural,
      state: def.state,
      titleField: def.titleField,
      single: def.single ? true : undefined,
      positional: def.order.kind === 'position' ? true : undefined,
    };
    return `  ${name}: ${literal(traits)},`;
  });
  return [
    header,
    "import type { ModelName } from './index';",
    "import type { ModelTraits } from './traits';",
    '',
    '/** What the data layer and the list helpers know of each model, as plain data (no zod). */',
    'export const modelTraits: Readonly<Record<ModelName, ModelTraits>> = {',
    ...rows,
    '};',
    '',
  ].join('\n');
}

function fieldCatalog(): string {
  const models = modelNames.map((name) => {
    const fields = fieldSpecs(definition(name)).map((spec) => `    ${literal(spec)},`);
    return `  ${name}: [\n${fields.join('\n')}\n  ],`;
  });
  return [
    header,
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

const outputs: Record<string, () => string> = {
  'src/models/catalog.ts': modelCatalog,
  'src/ui/model/field-catalog.ts': fieldCatalog,
};

const check = process.argv.includes('--check');
const stale: string[] = [];
for (const [file, make] of Object.entries(outputs)) {
  const path = resolve(root, file);
  // Written as the formatter would, so `prettier --check` and `--check` here agree on one text.
  const wanted = await format(make(), { ...(await resolveConfig(path)), filepath: path });
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    // a missing file is out of step
  }
  if (current === wanted) continue;
  stale.push(relative(process.cwd(), path));
  if (!check) writeFileSync(path, wanted);
}
if (check && stale.length > 0) {
  console.error(
    `Out of step with the model declarations: ${stale.join(', ')}. Run \`pnpm generate\` and commit the result.`,
  );
  process.exit(1);
}
console.log(stale.length === 0 ? 'The catalogs are up to date.' : `${check ? 'Stale' : 'Wrote'}: ${stale.join(', ')}`);
