import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, testDatabase, publishProgram } from '../../../test/helpers';
import { makeAdmin } from '../admin/local-admin';
import { authorIdOf, authorSlug } from './service';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const template = {
  goals: [{ title: 'Run 5 km' }],
  habits: [{ title: 'Run three times a week' }],
  routines: [{ title: 'Warm-up' }],
};

describe('author addresses', () => {
  it('are the name made readable, then the id; the id is what counts', () => {
    expect(authorSlug(12, 'Ada Lovelace')).toBe('ada-lovelace-12');
    expect(authorSlug(7, 'Émile   Zola!')).toBe('emile-zola-7');
    expect(authorSlug(3, '日本')).toBe('3');
    expect(authorIdOf('ada-lovelace-12')).toBe(12);
    expect(authorIdOf('12')).toBe(12);
    expect(authorIdOf('someone-else-12')).toBe(12);
    expect(authorIdOf('ada')).toBeNull();
    expect(authorIdOf('0')).toBeNull();
    expect(authorIdOf('99999999999')).toBeNull();
  });
});

describe('GET /api/author/:author', () => {
  it('is public: the name, the tagline only when shown, and only published programs', async () => {
    const creator = await signUp(app, { as_creator: true, name: 'Ada Lovelace' });
    await creator.post('/api/user/update', { tagline: 'Engines of habit' });
    const published = await publishProgram(app, creator, {
      title: 'Couch to 5k',
      template,
      price_cents: 1200,
      currency: 'EUR',
      description: '<p>Go <script>x</script>slow</p>',
    });
    await creator.post('/api/program/create', { board: creator.boardId, params: { title: 'Secret draft' } });

    const page = await app.inject({ method: 'GET', url: `/api/author/ada-lovelace-${creator.id}` });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.author).toEqual({
      id: creator.id,
      slug: `ada-lovelace-${creator.id}`,
      name: 'Ada Lovelace',
      tagline: null,
      verified: false,
      bio: null,
      photo: null,
      links: [],
    });
    expect(body.programs).toEqual([
      {
        id: published.id,
        guid: published.guid,
        title: 'Couch to 5k',
        description: '<p>Go slow</p>',
        price_cents: 1200,
        currency: 'EUR',
        cover: null,
        cover_alt: null,
        installs: { goals: 1, habits: 1, routines: 1 },
        published_at: expect.any(String),
      },
    ]);
    expect(page.body).not.toContain(creator.email);
    expect(page.body).not.toContain('board_id');

    await creator.post('/api/user/update', { show_tagline: true });
    expect((await app.inject({ method: 'GET', url: `/api/author/${creator.id}` })).json().author.tagline).toBe(
      'Engines of habit',
    );
  });

  it('answers 404 for unknown ids, bad addresses and ordinary users without published programs', async () => {
    const ordinary = await signUp(app, { name: 'Plain User' });
    // An ordinary user makes no programs (403) until they turn on creator mode.
    expect(
      (await ordinary.post('/api/program/create', { board: ordinary.boardId, params: { title: 'Not yet' } }))
        .statusCode,
    ).toBe(403);
    for (const key of [String(ordinary.id), '2147483000', 'nobody', 'a'.repeat(95)]) {
      const response = await app.inject({ method: 'GET', url: `/api/author/${key}` });
      expect(response.statusCode, key).toBe(404);
    }
    // Publishing (as a creator, once approved) makes them an author.
    expect((await ordinary.post('/api/user/update', { using_as_user: false })).json().user.role).toBe('creator');
    await publishProgram(app, ordinary, { title: 'Now public' });
    expect(
      (await app.inject({ method: 'GET', url: `/api/author/${ordinary.id}` }))
        .json()
        .programs.map((p: { title: string }) => p.title),
    ).toEqual(['Now public']);
  });
});

describe('followed authors and putting a program into practice', () => {
  it('lists the authors of subscribed programs and tracks what the program installed', async () => {
    const [creator, user, stranger] = await Promise.all([
      signUp(app, { as_creator: true, name: 'Coach Kim' }),
      signUp(app),
      signUp(app),
    ]);
    const program = await publishProgram(app, creator, { title: 'Run club', template });
    await creator.post('/api/chapter/create', {
      board: creator.boardId,
      params: { program_id: program.id, position: 2, title: 'Week two', body: '<p>Longer runs</p>' },
    });
    await creator.post('/api/chapter/create', {
      board: creator.boardId,
      params: { program_id: program.id, position: 1, title: 'Week one', body: '<p>Walk and run</p>' },
    });
    await creator.post('/api/chapter/create', {
      board: creator.boardId,
      params: { program_id: null, position: 0, title: 'Elsewhere' },
    });

    expect((await user.get('/api/authors/followed')).json()).toEqual({ success: true, authors: [] });
    // Before subscribing: the chapters' titles, not their bodies, and no steps.
    const before = (await user.get(`/api/program-implement/${program.guid}`)).json();
    expect(before.subscription).toBeNull();
    expect(before.chapters.map((c: { title: string; body: string | null }) => [c.title, c.body])).toEqual([
      ['Week one', null],
      ['Week two', null],
    ]);
    expect(before.progress).toBe(0);

    const { board } = (
      await user.post('/api/program/subscribe', {
        program_id: program.id,
        isSubscribing: true,
        current_board_id: user.boardId,
      })
    ).json();
    const followed = (await user.get('/api/authors/followed')).json().authors;
    expect(followed).toEqual([
      {
        id: creator.id,
        slug: `coach-kim-${creator.id}`,
        name: 'Coach Kim',
        tagline: null,
        programs: [
          {
            id: program.id,
            guid: program.guid,
            title: 'Run club',
            subscription_id: expect.any(Number),
            status: 'active',
            board_id: board,
            subscribed_at: expect.any(String),
          },
        ],
      },
    ]);
    expect((await user.get('/api/program-implement')).json().subscriptions).toEqual([
      {
        id: expect.any(Number),
        status: 'active',
        board_id: board,
        board_name: 'Run club',
        subscribed_at: expect.any(String),
        program: { id: program.id, guid: program.guid, title: 'Run club' },
      },
    ]);

    let after = (await user.get(`/api/program-implement/${program.guid}`)).json();
    expect(after.subscription).toMatchObject({ status: 'active', board_id: board, board_name: 'Run club' });
    expect(after.chapters.map((c: { body: string }) => c.body)).toEqual(['<p>Walk and run</p>', '<p>Longer runs</p>']);
    expect(after.steps.map((s: { kind: string; done: boolean }) => [s.kind, s.done])).toEqual([
      ['goal', false],
      ['habit', false],
      ['routine', true],
    ]);
    expect(after.progress).toBe(0);

    const habitId = after.steps.find((s: { kind: string }) => s.kind === 'habit').record_id;
    await user.post('/api/habit/checkin', { board, params: { habit_id: habitId, date: '2026-11-20', value: 'yes' } });
    const goalId = after.steps.find((s: { kind: string }) => s.kind === 'goal').record_id;
    await user.post('/api/goal/update', { board, params: { id: goalId, status: 'done' } });
    after = (await user.get(`/api/program-implement/${program.guid}`)).json();
    expect(after.steps.map((s: { detail: string }) => s.detail)).toEqual([
      'Done',
      'Checked in on 1 day',
      'On the board',
    ]);
    expect(after.progress).toBe(100);

    // Someone else's subscription is not mine; a draft of someone else is not found.
    expect((await stranger.get(`/api/program-implement/${program.guid}`)).json().subscription).toBeNull();
    const draft = (
      await creator.post('/api/program/create', { board: creator.boardId, params: { title: 'Draft' } })
    ).json().program;
    expect((await stranger.get(`/api/program-implement/${draft.guid}`)).statusCode).toBe(404);
    expect((await creator.get(`/api/program-implement/${draft.guid}`)).json().is_author).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/authors/followed' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/program-implement/${program.guid}` })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/programs', () => {
  it('lists drafts and published programs with their author, for admins only', async () => {
    const [admin, creator, user] = await Promise.all([
      signUp(app),
      signUp(app, { as_creator: true, name: 'Writer' }),
      signUp(app),
    ]);
    await makeAdmin((await testDatabase()).db, admin.email);
    const draft = (
      await creator.post('/api/program/create', { board: creator.boardId, params: { title: 'Draft one' } })
    ).json().program;
    const live = await publishProgram(app, creator, { title: 'Live one' });
    await user.post('/api/program/subscribe', {
      program_id: live.id,
      isSubscribing: true,
      current_board_id: user.boardId,
    });

    expect((await user.get('/api/admin/programs')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/programs' })).statusCode).toBe(401);
    // On PostgreSQL every test file shares one database: other files' programs may sit between these two ids.
    const all = (
      (await admin.get(`/api/admin/programs?after=${draft.id - 1}`)).json().programs as {
        title: string;
        status: string;
        author?: { id: number };
      }[]
    ).filter((p) => p.author?.id === creator.id);
    expect(all.map((p) => [p.title, p.status])).toEqual([
      ['Draft one', 'draft'],
      ['Live one', 'published'],
    ]);
    expect(all[1]).toMatchObject({
      author: { id: creator.id, name: 'Writer', email: creator.email },
      subscriptions: { active: 1, total: 1 },
    });
    const drafts = (await admin.get(`/api/admin/programs?after=${draft.id - 1}&status=draft`)).json().programs;
    expect(drafts.map((p: { id: number }) => p.id)).toContain(draft.id);
    expect(drafts.map((p: { id: number }) => p.id)).not.toContain(live.id);
    expect((await admin.get(`/api/admin/programs/${draft.id}`)).json().program).toMatchObject({
      id: draft.id,
      status: 'draft',
      title: 'Draft one',
    });
    expect((await admin.get('/api/admin/programs/2147483000')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/programs?status=gone')).statusCode).toBe(422);
  });
});
