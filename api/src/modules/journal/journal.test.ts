import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type User = Awaited<ReturnType<typeof signUp>>;

async function write(user: User, params: object): Promise<{ id: number }> {
  const answer = await user.post('/api/journal_entry/create', { board: user.boardId, params });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().journal_entry as { id: number };
}

async function list(user: User, params: object) {
  const answer = await user.post('/api/journal_entry/all', { board: user.boardId, params });
  return {
    status: answer.statusCode,
    body: answer.json(),
    titles: (answer.json().journalEntries ?? []).map((e: { title: string }) => e.title),
  };
}

describe('journal tags', () => {
  it('lists entries with a tag, searched or not, and counts the tags, the most used first', async () => {
    const user = await signUp(app);
    await write(user, { title: 'Run by the river', date: '2026-11-01', tags: ['running', 'outdoors'] });
    await write(user, { title: 'Run in the rain', date: '2026-11-02', tags: ['running'] });
    await write(user, { title: 'Quiet day', date: '2026-11-03', tags: [] });
    await write(user, { title: 'Run at home', date: '2026-11-04' });
    const stranger = await signUp(app);
    await write(stranger, { title: 'Their run', date: '2026-11-02', tags: ['running'] });

    expect((await list(user, { tag: 'running' })).titles).toEqual(['Run in the rain', 'Run by the river']);
    expect((await list(user, { tag: 'outdoors' })).titles).toEqual(['Run by the river']);
    expect((await list(user, { tag: 'running', search: 'river' })).titles).toEqual(['Run by the river']);
    expect((await list(user, { tag: 'Running' })).titles).toEqual([]);

    const tags = await user.post('/api/journal/tags', { board: user.boardId });
    expect(tags.statusCode, tags.body).toBe(200);
    expect(tags.json().tags).toEqual([
      { tag: 'running', entries: 2 },
      { tag: 'outdoors', entries: 1 },
    ]);
  });

  it('removes a tag from an entry, and the filter and the counts follow', async () => {
    const user = await signUp(app);
    const entry = await write(user, { title: 'Tagged', date: '2026-11-05', tags: ['work', 'travel'] });
    const update = await user.post('/api/journal_entry/update', {
      board: user.boardId,
      params: { id: entry.id, tags: ['travel'] },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await list(user, { tag: 'work' })).titles).toEqual([]);
    const tags = await user.post('/api/journal/tags', { board: user.boardId });
    expect(tags.json().tags).toEqual([{ tag: 'travel', entries: 1 }]);
  });

  it("refuses another person's board and an empty tag", async () => {
    const user = await signUp(app);
    const stranger = await signUp(app);
    expect((await stranger.post('/api/journal/tags', { board: user.boardId })).statusCode).toBe(403);
    expect((await list(user, { tag: ' ' })).status).toBe(422);
  });
});

describe('on this day', () => {
  it('lists the entries of the same day in earlier years, newest year first', async () => {
    const user = await signUp(app);
    await write(user, { title: 'Two years ago', date: '2024-11-29' });
    await write(user, { title: 'Last year', date: '2025-11-29' });
    await write(user, { title: 'Today', date: '2026-11-29' });
    await write(user, { title: 'The day after, last year', date: '2025-11-30' });
    await write(user, { title: 'Another month', date: '2025-10-29' });

    const earlier = await list(user, { same_day: '11-29', to: '2025-12-31' });
    expect(earlier.status, JSON.stringify(earlier.body)).toBe(200);
    expect(earlier.titles).toEqual(['Last year', 'Two years ago']);
    expect((await list(user, { same_day: '02-29', to: '2025-12-31' })).titles).toEqual([]);
    expect((await list(user, { same_day: '11-31' })).status).toBe(422);
    expect((await list(user, { same_day: '2025-11-29' })).status).toBe(422);
  });
});

describe('journal templates', () => {
  it('keeps a person’s own templates, which only they see', async () => {
    const user = await signUp(app);
    const made = await user.post('/api/journal_template/create', {
      board: user.boardId,
      params: { name: 'Sunday look back', body: '<h2>What went well</h2><p></p>' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const mine = await user.post('/api/journal_template/all', { board: user.boardId });
    expect(mine.json().journalTemplates.map((t: { name: string }) => t.name)).toEqual(['Sunday look back']);
    const stranger = await signUp(app);
    expect((await stranger.post('/api/journal_template/all', { board: user.boardId })).statusCode).toBe(403);
    const nameless = await user.post('/api/journal_template/create', {
      board: user.boardId,
      params: { body: '<p>x</p>' },
    });
    expect(nameless.statusCode).toBe(422);
  });
});
