import { recordSchema, type AnyModelDefinition } from '@lifeboard/shared/models';
import { z } from 'zod';
import { documented, errorsOf, type ErrorStatus } from '../openapi';

type Verb = 'all' | 'get' | 'create' | 'update' | 'delete';

/**
 * What `/api/docs` says the five verbs of one model answer, from the registry's wire schema (`recordSchema`,
 * the allow-list `presenterOf` copies). Documentation only: the engine's answers are sent as they are. The keys
 * are the model's own (`notes`, `note`), so the schemas are typed as plain `ZodType`: they check no handler.
 */
export function modelResponses(
  def: AnyModelDefinition,
  createErrors: readonly ErrorStatus[] = [],
): Record<Verb, Record<number, z.ZodType>> {
  const label = def.label.toLowerCase();
  const record = recordSchema(def).meta({
    description: `A ${label}: id, board, timestamps (ISO instants) and the fields it has.`,
  });
  const one = (description: string) =>
    documented(z.object({ success: z.literal(true), [def.name]: record }).meta({ description }));
  const list = def.single
    ? z
        .object({ success: z.literal(true), [def.state]: record.nullable() })
        .meta({ description: `The board's ${label} under "${def.state}" (one object, or null when there is none).` })
    : z
        .object({
          success: z.literal(true),
          [def.state]: z.array(record),
          next_cursor: z
            .string()
            .optional()
            .describe('Present when more records follow: send it back as `params.cursor` for the next page.'),
        })
        .meta({
          description: `The ${def.plural.toLowerCase()} of the board under "${def.state}", in natural order, one page at a time.`,
        });
  const conflict = z
    .object({
      success: z.literal(false),
      error: z.string(),
      current: record.describe('The stored record, as it is now.'),
    })
    .meta({
      description:
        'The record was changed elsewhere (`expected_updated_at` is stale, or other writers kept winning): nothing changed.',
    });

  return {
    all: { 200: documented(list) },
    get: { 200: one(`The ${label}.`), ...errorsOf(404) },
    create: def.single
      ? {
          201: one(`The new ${label}.`),
          200: one('The board already had one: it was replaced, and this is it.'),
          ...errorsOf(...createErrors),
        }
      : { 201: one(`The new ${label}.`), ...errorsOf(...createErrors) },
    update: { 200: one(`The ${label} as stored now.`), ...errorsOf(404), 409: documented(conflict) },
    delete: {
      200: documented(z.object({ success: z.literal(true), id: z.number().int() }).meta({ description: 'Deleted.' })),
      ...errorsOf(404),
    },
  };
}
