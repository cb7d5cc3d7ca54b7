import { modelNames, models, type AnyModelDefinition } from '@lifeboard/shared/models';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestUser } from '../helpers';
import { validCreateBody } from './records';
import { findXssViolations } from './xss-checker';
import { loadXssPayloads } from './xss-payloads';

/**
 * Every shared XSS vector through every rich-text field of every model, over HTTP: what `create` answers,
 * what `get` reads back and what `update` stores must hold nothing that can run (judged by the parse5 checker).
 */

const payloads = loadXssPayloads();
const richTextFields = modelNames.flatMap((name) => {
  const def: AnyModelDefinition = models[name];
  return def.richText.map((field) => ({ name, def, field }));
});

let app: FastifyInstance;
let user: TestUser;
let noteId: number;

beforeAll(async () => {
  app = await createTestApp();
  user = await signUp(app, { as_creator: true }); // a creator: programs are among the models (only creators make them)
  noteId = (await user.post('/api/note/create', { board: user.boardId, params: { title: 'source' } })).json().note.id;
});
afterAll(() => app.close());

function survivors(html: unknown, label: string): string[] {
  if (typeof html !== 'string') return [`${label}: not a string (${JSON.stringify(html)})`];
  return findXssViolations(html).map((violation) => `${label}: ${violation} in ${html.slice(0, 200)}`);
}

// ~900 requests per test: on a loaded 2-core machine that can pass the default 30 s without anything being wrong.
const perFieldTimeout = 180_000;

describe('rich-text fields over HTTP', () => {
  it('covers the rich-text fields of the registry', () => {
    expect(richTextFields.map(({ name, field }) => `${name}.${field}`)).toEqual(
      expect.arrayContaining(['note.body', 'journal_entry.body', 'chapter.body', 'program.description']),
    );
  });

  it.each(richTextFields.map(({ name, def, field }) => [`${name}.${field}`, name, def, field] as const))(
    '%s: none of the vectors survives create and get',
    async (_label, name, def, field) => {
      const found: string[] = [];
      for (const [index, payload] of payloads.entries()) {
        const params = { ...validCreateBody(def, 'xss', { noteId }), [field]: payload.html };
        const created = await user.post(`/api/${name}/create`, { board: user.boardId, params });
        expect(created.statusCode, `#${index} ${created.body.slice(0, 200)}`).toBe(201);
        const record = created.json()[name];
        found.push(...survivors(record[field], `#${index} create`));
        const got = await user.post(`/api/${name}/get`, { board: user.boardId, params: { id: record.id } });
        found.push(...survivors(got.json()[name][field], `#${index} get`));
      }
      expect(found).toEqual([]);
    },
    perFieldTimeout,
  );

  it(
    'update sanitizes too, and a shared page serves only clean HTML to signed-out readers',
    async () => {
      const note = (await user.post('/api/note/create', { board: user.boardId, params: { title: 'shared' } })).json()
        .note;
      const share = (
        await user.post('/api/shared_page/create', {
          board: user.boardId,
          params: { source_model: 'note', source_id: note.id },
        })
      ).json().shared_page;
      const found: string[] = [];
      for (const [index, payload] of payloads.entries()) {
        const updated = await user.post('/api/note/update', {
          board: user.boardId,
          params: { id: note.id, body: payload.html },
        });
        expect(updated.statusCode, `#${index}`).toBe(200);
        found.push(...survivors(updated.json().note.body, `#${index} update`));
        const page = await app.inject({ method: 'GET', url: `/api/public/shared/${share.slug}` });
        found.push(...survivors(page.json().page.body, `#${index} shared page`));
      }
      expect(found).toEqual([]);
    },
    perFieldTimeout,
  );
});
