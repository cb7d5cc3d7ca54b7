import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOf, createTestApp, publishProgram, signUp, testDatabase, type TestUser } from '../../../test/helpers';
import { uploads } from '../../db/schema';
import { defaultEnv } from '../../env';
import { tinyGif, tinyPng } from '../uploads/test-images';
import { filePart, multipart } from '../uploads/test-multipart';

let folder: string;
let app: FastifyInstance;
let admin: TestUser;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'lifeboard-authors-'));
  app = await createTestApp({ env: defaultEnv({ UPLOADS_DIR: folder }) });
  admin = await adminOf(app);
});
afterAll(async () => {
  await app.close();
  await rm(folder, { recursive: true, force: true });
});

async function uploaded(user: TestUser, bytes: Buffer): Promise<string> {
  const { payload, headers } = multipart([filePart(bytes, 'image/png', 'photo.png')]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/uploads/image',
    payload,
    headers: { ...headers, authorization: `Bearer ${user.token}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

const publicPage = async (id: number) => (await app.inject({ method: 'GET', url: `/api/author/${id}` })).json();
const auditOf = async (id: number) =>
  (await admin.get(`/api/admin/audit?q=${id}`))
    .json()
    .entries.filter((e: { target_id: string }) => e.target_id === String(id));

describe('/api/admin/authors', () => {
  it('is for admins only', async () => {
    const user = await signUp(app);
    expect((await user.get('/api/admin/authors')).statusCode).toBe(403);
    expect((await user.post('/api/admin/authors/verify', { id: user.id, verified: true })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/authors' })).statusCode).toBe(401);
  });

  it('lists creators and people with programs, never ordinary users, and searches them', async () => {
    const name = `Writer ${Date.now()}`;
    const creator = await signUp(app, { as_creator: true, name });
    await publishProgram(app, creator, { title: 'Slow mornings' });
    const ordinary = await signUp(app, { name: `${name} plain` });
    const found = (await admin.get(`/api/admin/authors?q=${encodeURIComponent(name)}`)).json().authors;
    expect(found).toEqual([
      expect.objectContaining({
        id: creator.id,
        name,
        email: creator.email,
        verified: false,
        programs: 1,
        published: 1,
      }),
    ]);
    expect(found.some((a: { id: number }) => a.id === ordinary.id)).toBe(false);
  });

  it('verifies an author: the mark shows on their page and their programs, and the audit log keeps it', async () => {
    const creator = await signUp(app, { as_creator: true, name: 'Vera Verified' });
    const program = await publishProgram(app, creator, { title: 'Trusted program' });
    const outline = async () => (await app.inject({ method: 'GET', url: `/api/program/${program.id}/outline` })).json();
    expect((await publicPage(creator.id)).author.verified).toBe(false);
    expect((await outline()).author.verified).toBe(false);

    const verified = await admin.post('/api/admin/authors/verify', { id: creator.id, verified: true });
    expect(verified.json().author).toMatchObject({ verified: true, verified_at: expect.any(String) });
    expect((await publicPage(creator.id)).author.verified).toBe(true);
    expect((await outline()).author).toEqual({ id: creator.id, name: 'Vera Verified', verified: true });
    // The same answer again changes nothing and records nothing.
    await admin.post('/api/admin/authors/verify', { id: creator.id, verified: true });
    await admin.post('/api/admin/authors/verify', { id: creator.id, verified: false });
    expect((await publicPage(creator.id)).author.verified).toBe(false);
    const entries = await auditOf(creator.id);
    expect(
      entries.map((e: { action: string; detail: { verified: boolean } }) => [e.action, e.detail.verified]),
    ).toEqual([
      ['author.verify', false],
      ['author.verify', true],
    ]);
    expect(entries[0]).toMatchObject({ actor_id: admin.id, detail: { email: creator.email, name: 'Vera Verified' } });
    const ordinary = await signUp(app);
    expect((await admin.post('/api/admin/authors/verify', { id: ordinary.id, verified: true })).statusCode).toBe(404);
  });

  it("edits the public page (name, bio, photo, links), keeps the account's name, and records what changed", async () => {
    const creator = await signUp(app, { as_creator: true, name: 'Pat Account' });
    const photo = await uploaded(admin, tinyPng());
    const saved = await admin.post('/api/admin/authors/update', {
      id: creator.id,
      name: 'Dr Pat Page',
      bio: 'Coach of slow runners.',
      photo,
      links: [{ label: 'Website', url: 'https://pat.example.com' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await publicPage(creator.id)).author).toEqual({
      id: creator.id,
      slug: `dr-pat-page-${creator.id}`,
      name: 'Dr Pat Page',
      tagline: null,
      verified: false,
      bio: 'Coach of slow runners.',
      photo,
      links: [{ label: 'Website', url: 'https://pat.example.com' }],
    });
    expect((await creator.get('/api/user')).json().user?.name ?? (await creator.get('/api/user')).json().name).toBe(
      'Pat Account',
    );
    // The photo now belongs to the author, as a cover belongs to its program's creator.
    const { db } = await testDatabase();
    const [row] = await db.select({ userId: uploads.userId }).from(uploads).where(eq(uploads.id, photo));
    expect(row.userId).toBe(creator.id);
    const [entry] = await auditOf(creator.id);
    expect(entry).toMatchObject({
      action: 'author.page',
      actor_id: admin.id,
      detail: { changed: ['name', 'bio', 'photo', 'links'], from_name: 'Pat Account', name: 'Dr Pat Page' },
    });

    // Bad input: a clear message each, and nothing changes.
    const gif = await uploaded(admin, tinyGif());
    const someoneElses = await uploaded(creator, tinyPng([1, 2, 3]));
    for (const [patch, field] of [
      [{ links: [{ label: 'Evil', url: 'javascript:alert(1)' }] }, 'links.0.url'],
      [{ name: ' ' }, 'name'],
      [{ photo: someoneElses }, 'photo'],
      [{ photo: gif }, 'photo'],
    ] as const) {
      const page = { id: creator.id, name: 'Dr Pat Page', bio: 'Coach of slow runners.', photo, links: [] };
      const refused = await admin.post('/api/admin/authors/update', { ...page, ...patch });
      expect(refused.statusCode, JSON.stringify(patch)).toBe(422);
      expect(Object.keys(refused.json().errors)).toContain(field);
    }
    expect((await publicPage(creator.id)).author.links).toEqual([{ label: 'Website', url: 'https://pat.example.com' }]);
    expect(await auditOf(creator.id)).toHaveLength(1);

    // Back to the account's name and no photo.
    await admin.post('/api/admin/authors/update', {
      id: creator.id,
      name: 'Pat Account',
      bio: '',
      photo: null,
      links: [],
    });
    expect((await publicPage(creator.id)).author).toMatchObject({
      name: 'Pat Account',
      bio: null,
      photo: null,
      links: [],
    });
  });
});
