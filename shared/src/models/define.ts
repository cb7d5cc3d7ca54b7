import { z } from './zod';
import { sealable } from './fields';

/** How a list of a model is ordered when the caller does not ask otherwise. */
export type NaturalOrder = { kind: 'newest'; field: 'created_at' | 'date_field' } | { kind: 'position' };

export interface ModelDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
  /** The name in `/api/{name}/...`. */
  name: string;
  /** The key the list answers under (spec §3, api-contract.md). */
  state: string;
  /** Human label for screens. */
  label: string;
  plural: string;
  /** The writable fields of a record; `id`, owner and timestamps are added by the engine. */
  fields: z.ZodObject<Shape>;
  /** Fields that must be present on create (the rest are optional). */
  required: readonly (keyof Shape & string)[];
  /** The field a `from`/`to` range and `newest` order use; absent: created_at. */
  dateField?: keyof Shape & string;
  order: NaturalOrder;
  /** Fields whose words feed the full-text index. */
  searchable: readonly (keyof Shape & string)[];
  /** Fields holding editor HTML, sanitized by the server. */
  richText: readonly (keyof Shape & string)[];
  /** The field shown as a record's name in lists. */
  titleField: keyof Shape & string;
  /**
   * Fields the server makes and keeps (a public slug or guid): sent back in records, never taken from a
   * client — a create or update that names one is refused as an unknown field.
   */
  serverOwned?: readonly (keyof Shape & string)[];
  /**
   * Fields the browser may encrypt end to end (shared/src/crypto/README.md): the wire accepts their ciphertext,
   * and the model also has `encrypted` and `record_uid` fields.
   */
  encryptable?: readonly (keyof Shape & string)[];
  /** `mission` answers one object, not a list. */
  single?: boolean;
  /** How screens name the values of a choice field (`want` → "Want to read"); unnamed values are humanized. */
  optionLabels?: Partial<Record<keyof Shape & string, Record<string, string>>>;
  /** The words screens use for a field, where its name alone would read like a database column. */
  fieldWords?: Partial<Record<keyof Shape & string, FieldWords>>;
}

/** How screens present one field: its label, a line of help, and how it is entered when the schema alone doesn't say. */
export interface FieldWords {
  label?: string;
  help?: string;
  /**
   * `money`: an integer of cents, typed and shown as an amount in the currency of `currencyField`;
   * `url`: a web address; `managed`: kept by an action or another screen (archive, revoke), never typed in a form;
   * `channels`: a reminder's channels, whose text-message choice depends on the server and the user's account.
   */
  input?: { kind: 'money'; currencyField: string } | { kind: 'url' } | { kind: 'managed' } | { kind: 'channels' };
  /** Typed in the form that adds a record only; afterwards another screen edits it (a lesson's rich text). */
  createOnly?: boolean;
}

/** What the engine, the forms and the registry read: the same declaration with its field names widened. */
export interface AnyModelDefinition extends Omit<
  ModelDefinition,
  | 'fields'
  | 'required'
  | 'dateField'
  | 'searchable'
  | 'richText'
  | 'titleField'
  | 'optionLabels'
  | 'serverOwned'
  | 'fieldWords'
  | 'encryptable'
> {
  fields: z.ZodObject;
  required: readonly string[];
  dateField?: string;
  searchable: readonly string[];
  richText: readonly string[];
  titleField: string;
  serverOwned?: readonly string[];
  encryptable?: readonly string[];
  optionLabels?: Record<string, Record<string, string> | undefined>;
  fieldWords?: Record<string, FieldWords | undefined>;
}

export function defineModel<Shape extends z.ZodRawShape>(
  def: ModelDefinition<Shape>,
): ModelDefinition<Shape> & AnyModelDefinition {
  return def;
}

/** Fields every stored record carries. */
export const recordBase = z.object({
  id: z.number().int().positive(),
  board_id: z.number().int().positive(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** The fields a client may write: all but the server-owned ones; encryptable ones also as ciphertext. */
function writableFields(def: AnyModelDefinition) {
  const owned = def.serverOwned ?? [];
  const sealed = def.encryptable ?? [];
  if (owned.length === 0 && sealed.length === 0) return def.fields;
  return z.object(
    Object.fromEntries(
      Object.entries(def.fields.shape)
        .filter(([key]) => !owned.includes(key))
        .map(([key, schema]) => [
          key,
          sealed.includes(key) && schema instanceof z.ZodString ? sealable(schema) : schema,
        ]),
    ),
  );
}

/** The schema a create body must satisfy: required fields required, no unknown (or server-owned) keys. */
export function createSchema(def: AnyModelDefinition) {
  const partial = writableFields(def).partial();
  const required = Object.fromEntries(def.required.map((key) => [key, def.fields.shape[key]]));
  return partial.extend(required).strict();
}

/** The schema an update body must satisfy: any subset of the writable fields, no unknown keys. */
export function updateSchema(def: AnyModelDefinition) {
  return writableFields(def).partial().strict();
}

/** The wire shape of a stored record: the allow-list of what is sent back. */
export function recordSchema(def: AnyModelDefinition) {
  return recordBase.extend(def.fields.partial().shape);
}
