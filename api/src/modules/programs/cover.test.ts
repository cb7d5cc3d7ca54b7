import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOf, createTestApp, publishProgram, signUp, testDatabase } from '../../../test/helpers';
import type { TestUser } from '../../../test/helpers';
import { uploads } from '../../db/schema';
import { defaultEnv } from '../../env';
import { MAX_IMAGE_BYTES } from '@lifeboard/shared/models/images';
import { tinyBmp, tinyGif, tinyJpeg, tinyPng, tinyWebp } from '../uploads/test-images';
import { filePart, multipart } from '../uploads/test-multipart';

let folder: string;
let app: FastifyInstance;
let creator: TestUser;
let other: TestUser;
let admin: TestUser;
let program: { id: number; guid: string };
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'lifeboard-covers-'));
  app = await createTestApp({ env: defaultEnv({ UPLOADS_DIR: folder }) });
  [creator, other, admin] = await Promise.all([signUp(app, { as_creator: true }), signUp(app), adminOf(app)]);
  program = await publishProgram(app, creator, { title: 'Morning pages' });
});
afterAll(async () => {
  await app.close();
  await rm(folder, { recursive: true, force: true });
});

async function upload(user: TestUser, bytes: Buffer, declared = 'image/png') {
  const { payload, headers } = multipart([filePart(bytes, declared, 'cover.png')]);
  return app.inject({
    method: 'POST',
    url: '/api/uploads/image',
    payload,
    headers: { ...headers, authorization: `Bearer ${user.token}` },
  });
}

async function uploaded(user: TestUser, bytes: Buffer = tinyPng()): Promise<string> {
  const response = await upload(user, bytes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

const setCover = (user: TestUser, uploadId: string | null, programId = program.id) =>
  user.post('/api/program/cover', { program_id: programId, upload_id: uploadId });

/** The cover the buyers' catalogue shows for the program. */
async function listedCover(id = program.id): Promise<unknown> {
  const listed = (await other.post('/api/program/published', {})).json<{ programs: { id: number; cover?: string }[] }>()
    .programs;
  return listed.find((p) => p.id === id)?.cover;
}

async function uploaderOf(id: string): Promise<number | undefined> {
  const { db } = await testDatabase();
  const [row] = await db.select({ userId: uploads.userId }).from(uploads).where(eq(uploads.id, id));
  return row?.userId;
}

const storedFiles = async () => (await readdir(join(folder, 'images')).catch(() => [] as string[])).sort();

describe('POST /api/program/cover', () => {
  it.each([
    ['JPEG', tinyJpeg],
    ['PNG', tinyPng],
    ['WebP', tinyWebp],
  ])('lets the creator set a %s cover, which buyers and the author page see', async (_name, bytes) => {
    const id = await uploaded(creator, bytes());
    const response = await setCover(creator, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().program).toMatchObject({ id: program.id, cover: id, title: 'Morning pages' });
    expect(await listedCover()).toBe(id);
    const author = await app.inject({ method: 'GET', url: `/api/author/${creator.id}` });
    expect(author.json().programs.find((p: { id: number }) => p.id === program.id)).toMatchObject({ cover: id });
    // Signed out, the image itself is served (the listing's visitors need no account to see it).
    const image = await app.inject({ method: 'GET', url: `/api/uploads/${id}` });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload).toEqual(bytes());
  });

  it('replacing the cover deletes the old image, bytes included; removing it deletes the last one', async () => {
    const first = await uploaded(creator);
    expect((await setCover(creator, first)).statusCode).toBe(200);
    const second = await uploaded(creator, tinyJpeg());
    expect((await setCover(creator, second)).statusCode).toBe(200);
    expect(await listedCover()).toBe(second);
    expect((await app.inject({ method: 'GET', url: `/api/uploads/${first}` })).statusCode).toBe(404);
    expect(await storedFiles()).not.toContain(first);
    // Setting the same image again keeps it.
    expect((await setCover(creator, second)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/uploads/${second}` })).statusCode).toBe(200);

    const removed = await setCover(creator, null);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().program.cover).toBeUndefined();
    expect(await listedCover()).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: `/api/uploads/${second}` })).statusCode).toBe(404);
    expect(await storedFiles()).not.toContain(second);
    // Removing when there is none is not an error.
    expect((await setCover(creator, null)).statusCode).toBe(200);
  });

  it("keeps a replaced cover's image that one of the creator's journal entries still shows", async () => {
    const shared = await uploaded(creator);
    const entry = await creator.post('/api/journal_entry/create', {
      board: creator.boardId,
      params: { title: 'Trip', date: '2026-11-20', body: `<p>Look:</p><p><img src="/api/uploads/${shared}"></p>` },
    });
    expect(entry.statusCode, entry.body).toBe(201);
    expect((await setCover(creator, shared)).statusCode).toBe(200);
    expect((await setCover(creator, null)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/uploads/${shared}` })).statusCode).toBe(200);
    expect(await storedFiles()).toContain(shared);
  });

  it('refuses another user with 403 on a listed program and 404 on a draft, changing nothing', async () => {
    const mine = await uploaded(creator);
    expect((await setCover(creator, mine)).statusCode).toBe(200);
    const theirs = await uploaded(other);
    const refused = await setCover(other, theirs);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("Only the program's creator or an admin may change its cover.");
    expect((await setCover(other, null)).statusCode).toBe(403);
    expect(await listedCover()).toBe(mine);

    const draft = (
      await creator.post('/api/program/create', { board: creator.boardId, params: { title: 'Unlisted' } })
    ).json().program;
    expect((await setCover(other, theirs, draft.id)).statusCode).toBe(404);
    expect((await setCover(creator, null, 999_999_999)).statusCode).toBe(404);
    // Their image stays theirs.
    expect(await uploaderOf(theirs)).toBe(other.id);
  });

  it('lets an admin set and remove the cover of any program; the image then belongs to the creator', async () => {
    const draft = (
      await creator.post('/api/program/create', { board: creator.boardId, params: { title: 'Draft to review' } })
    ).json().program;
    const id = await uploaded(admin);
    const response = await setCover(admin, id, draft.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(await uploaderOf(id)).toBe(creator.id);
    expect(
      (await creator.post('/api/program/get', { board: creator.boardId, params: { id: draft.id } })).json().program
        .cover,
    ).toBe(id);
    expect((await admin.get(`/api/admin/programs/${draft.id}`)).json().program.cover).toBe(id);
    expect((await setCover(admin, null, draft.id)).statusCode).toBe(200);
    expect(await uploaderOf(id)).toBeUndefined();
  });

  it("refuses an image the caller did not upload, so nobody can take (and later delete) another's image", async () => {
    const before = await listedCover();
    const theirs = await uploaded(other);
    const response = await setCover(creator, theirs);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('No such image of yours: upload the cover first.');
    expect((await setCover(creator, 'AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await setCover(creator, '../../etc/passwd')).statusCode).toBe(404);
    expect(await listedCover()).toBe(before);
    expect(await uploaderOf(theirs)).toBe(other.id);
  });

  it("refuses an image that is already another program's cover with 409, so replacing one cover never deletes another", async () => {
    const second = (
      await creator.post('/api/program/create', { board: creator.boardId, params: { title: 'Second program' } })
    ).json().program;
    const id = await uploaded(creator);
    expect((await setCover(creator, id, second.id)).statusCode).toBe(200);
    const before = await listedCover();
    const response = await setCover(creator, id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      'This image is already the cover of another program: upload it again for this one.',
    );
    expect(await listedCover()).toBe(before);
    expect((await setCover(creator, null, second.id)).statusCode).toBe(200);
  });

  it.each([
    ['GIF', tinyGif],
    ['BMP', tinyBmp],
  ])('refuses a %s (an image, but not a cover type) with 415, by its bytes', async (_name, bytes) => {
    const before = await listedCover();
    // Declared as PNG: the type stored at upload comes from the bytes, and that is what is checked.
    const id = await uploaded(creator, bytes());
    const response = await setCover(creator, id);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      code: 'LB-COVER-TYPE',
      error: 'A cover must be a JPEG, PNG or WebP image.',
    });
    expect(await listedCover()).toBe(before);
  });

  it('bytes that are no image, or an image over 10 MB, are refused at upload and the cover stays as it was', async () => {
    const current = await uploaded(creator);
    expect((await setCover(creator, current)).statusCode).toBe(200);
    const fake = await upload(
      creator,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error).toBe(
      'This file is not an image we accept. Allowed types: PNG, GIF, JPEG, BMP, ICO, WebP.',
    );
    const big = await upload(creator, Buffer.concat([tinyPng(), Buffer.alloc(MAX_IMAGE_BYTES)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('Images may be at most 10 MB.');
    expect(await listedCover()).toBe(current);
  }, 60_000);

  it('is not a field any generic write may set', async () => {
    const id = await uploaded(creator);
    const update = await creator.post('/api/program/update', {
      board: creator.boardId,
      params: { id: program.id, cover: id },
    });
    expect(update.statusCode).toBe(422);
    expect(update.json().errors.cover).toEqual(['is not a known field']);
    // The description of the cover is the creator's to write, like the title.
    const described = await creator.post('/api/program/update', {
      board: creator.boardId,
      params: { id: program.id, cover_alt: 'A notebook open on a desk at sunrise' },
    });
    expect(described.statusCode, described.body).toBe(200);
    expect(
      (await other.post('/api/program/published', {})).json().programs.find((p: { id: number }) => p.id === program.id)
        .cover_alt,
    ).toBe('A notebook open on a desk at sunrise');
  });

  it('answers 401 signed out', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/program/cover',
      payload: { program_id: program.id, upload_id: null },
    });
    expect(response.statusCode).toBe(401);
  });
});
