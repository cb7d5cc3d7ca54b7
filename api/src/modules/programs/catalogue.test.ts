import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publishProgram, signUp } from '../../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('POST /api/program/published: the catalogue, searched and by category', () => {
  it('finds programs by words of their title, description or author, and by category', async () => {
    const stamp = `k${Date.now().toString(36)}`;
    const [ann, bob, reader] = await Promise.all([
      signUp(app, { as_creator: true, name: `Ann ${stamp}` }),
      signUp(app, { as_creator: true, name: 'Bob Stone' }),
      signUp(app),
    ]);
    const run = await publishProgram(app, ann, { title: `Run ${stamp}`, category: 'fitness' });
    const calm = await publishProgram(app, bob, {
      title: 'Calm evenings',
      description: `<p>Sleep better, ${stamp} style: 100% offline.</p>`,
      category: 'mind',
    });
    const titles = async (body: object) =>
      ((await reader.post('/api/program/published', body)).json().programs as { title: string }[]).map((p) => p.title);

    expect(await titles({ search: stamp })).toEqual([calm.title, run.title]);
    expect(await titles({ search: `${stamp} run` })).toEqual([run.title]);
    expect(await titles({ search: `ann ${stamp}` })).toEqual([run.title]);
    expect(await titles({ search: stamp, category: 'mind' })).toEqual([calm.title]);
    // Typed % and _ are letters, not wildcards.
    expect(await titles({ search: `${stamp} 100%` })).toEqual([calm.title]);
    expect(await titles({ search: `${stamp} 1_0` })).toEqual([]);
    const [first] = (await reader.post('/api/program/published', { search: `Run ${stamp}` })).json().programs;
    expect(first).toMatchObject({ category: 'fitness', author_name: `Ann ${stamp}` });
    expect((await reader.post('/api/program/published', { category: 'astrology' })).statusCode).toBe(422);
  });

  it('refuses a category that is not on the list when a program is saved', async () => {
    const creator = await signUp(app, { as_creator: true });
    const made = await creator.post('/api/program/create', {
      board: creator.boardId,
      params: { title: 'Odd one', category: 'astrology' },
    });
    expect(made.statusCode).toBe(422);
    expect(made.json().errors.category).toBeDefined();
  });
});
