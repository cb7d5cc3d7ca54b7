import type { FastifyInstance } from 'fastify';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRecordUid } from '@lifeboard/shared/crypto/format';
import { openImage, openImageWith, pageImageAad, sealImage, sealImageWith } from '@lifeboard/shared/crypto/images';
import { createKeyMaterial, type DataKey } from '@lifeboard/shared/crypto/keys';
import { sealRecord } from '@lifeboard/shared/crypto/records';
import { pageCryptoKey, sealShare } from '@lifeboard/shared/crypto/share';
import { MAX_SEALED_IMAGE_BYTES } from '@lifeboard/shared/models/images';
import { createTestApp, signUp, type TestUser } from '../../../test/helpers';
import { defaultEnv } from '../../env';
import { tinyPng } from './test-images';
import { multipart, type Part } from './test-multipart';

let folder: string;
let app: FastifyInstance;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'lifeboard-sealed-'));
  app = await createTestApp({ env: defaultEnv({ UPLOADS_DIR: folder }) });
});
afterAll(async () => {
  await app.close();
  await rm(folder, { recursive: true, force: true });
});

/** A real PNG holding a canary in its bytes (a text chunk's worth of pixels is enough for the scan). */
const canary = `img-canary-${Date.now().toString(36)}`;
const picture = () => Buffer.concat([tinyPng([200, 40, 90]), Buffer.from(canary)]);

const fields = (id: string, bytes: Uint8Array): Part[] => [
  { name: 'id', data: id },
  { name: 'file', data: Buffer.from(bytes), filename: 'sealed', contentType: 'application/octet-stream' },
];

function postSealed(parts: Part[], token: string | null) {
  const { payload, headers } = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/api/uploads/sealed',
    payload,
    headers: {
      ...headers,
      'x-requested-with': 'XMLHttpRequest',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

const getSealed = (id: string, token: string | null) =>
  app.inject({
    method: 'GET',
    url: `/api/uploads/sealed/${id}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function keyOf(user: TestUser): Promise<DataKey> {
  const keys = await createKeyMaterial(user.id, 'a passphrase for images', 600_000);
  expect((await user.post('/api/encryption/enable', keys.material)).statusCode).toBe(201);
  return keys.dataKey;
}

async function filesOnDisk(): Promise<Buffer[]> {
  const names = await readdir(join(folder, 'sealed')).catch(() => [] as string[]);
  return Promise.all(names.map((name) => readFile(join(folder, 'sealed', name))));
}

describe('sealed uploads (an encrypted entry’s images)', () => {
  it('stores the sealed bytes as they came, never the picture, and gives them back to the owner only', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const dataKey = await keyOf(owner);
    const id = newRecordUid();
    const plain = picture();
    const sealed = await sealImage(dataKey, id, { type: 'image/png', bytes: plain });

    const made = await postSealed(fields(id, sealed), owner.token);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toEqual({ success: true, id });

    // On disk: exactly the ciphertext; neither the picture nor its canary.
    const stored = await filesOnDisk();
    expect(stored.some((file) => file.equals(Buffer.from(sealed)))).toBe(true);
    for (const file of stored) {
      expect(file.equals(plain)).toBe(false);
      expect(file.includes(Buffer.from(canary))).toBe(false);
    }

    const mine = await getSealed(id, owner.token);
    expect(mine.statusCode).toBe(200);
    // Opaque bytes: never typed as an image, never sniffed into one.
    expect(mine.headers['content-type']).toBe('application/octet-stream');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['cache-control']).toMatch(/^private/);
    expect(mine.rawPayload.equals(Buffer.from(sealed))).toBe(true);
    const opened = await openImage(dataKey, id, mine.rawPayload);
    expect(opened.type).toBe('image/png');
    expect(Buffer.from(opened.bytes).equals(plain)).toBe(true);

    // Nobody else: not another user, not signed out, not the public address every other image has.
    expect((await getSealed(id, stranger.token)).statusCode).toBe(404);
    expect((await getSealed(id, null)).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/uploads/${id}` })).statusCode).toBe(404);
    // Deleting is the owner's only, as for any image.
    expect((await stranger.post('/api/uploads/delete', { id })).statusCode).toBe(404);
    expect((await owner.post('/api/uploads/delete', { id })).statusCode).toBe(200);
    expect((await getSealed(id, owner.token)).statusCode).toBe(404);
  });

  it('refuses a picture in the clear, a bad or taken id, too many bytes, and a signed-out upload', async () => {
    const owner = await signUp(app);
    const dataKey = await keyOf(owner);
    const before = (await filesOnDisk()).length;
    // The plain PNG is refused: it lacks the sealed form's version byte (no type is sniffed either way).
    const clear = await postSealed(fields(newRecordUid(), picture()), owner.token);
    expect(clear.statusCode).toBe(415);
    expect(clear.json().code).toBe('LB-UPLOAD-NOT-SEALED');
    const sealed = await sealImage(dataKey, 'x', { type: 'image/png', bytes: picture() });
    expect((await postSealed(fields('not-an-id', sealed), owner.token)).statusCode).toBe(422);
    expect((await postSealed(fields(newRecordUid(), sealed), null)).statusCode).toBe(401);
    const big = new Uint8Array(MAX_SEALED_IMAGE_BYTES + 1);
    big[0] = 1;
    expect((await postSealed(fields(newRecordUid(), big), owner.token)).statusCode).toBe(413);
    expect((await filesOnDisk()).length).toBe(before);

    const id = newRecordUid();
    expect((await postSealed(fields(id, sealed), owner.token)).statusCode).toBe(201);
    const again = await postSealed(fields(id, sealed), (await signUp(app)).token);
    expect(again.statusCode).toBe(409);
    // The first owner's bytes are untouched.
    expect((await getSealed(id, owner.token)).rawPayload.equals(Buffer.from(sealed))).toBe(true);
  });

  it("serves a shared encrypted entry's image copies signed out while shared, and deletes them when revoked", async () => {
    const owner = await signUp(app);
    const dataKey = await keyOf(owner);
    const entry = (
      await owner.post('/api/journal_entry/create', {
        board: owner.boardId,
        params: { date: '2026-11-02', ...(await sealRecord(dataKey, 'journal_entry', { title: 'T', body: 'B' })) },
      })
    ).json().journal_entry;
    const copy = newRecordUid();
    let copyBytes: Uint8Array = new Uint8Array();
    const share = await sealShare(
      dataKey,
      { model: 'journal_entry', id: entry.id },
      { title: 'T', body: '', date: '2026-11-02' },
      async (pageKey) => {
        copyBytes = await sealImageWith(pageKey, pageImageAad(copy), { type: 'image/png', bytes: picture() });
        return { title: 'T', body: `<p><img class="lb-sealed-image" data-sealed-upload="${copy}"></p>`, date: '' };
      },
    );
    expect((await postSealed(fields(copy, copyBytes), owner.token)).statusCode).toBe(201);
    const create = (images: string[], who: TestUser = owner) =>
      who.post('/api/shared_page/create', {
        board: who.boardId,
        params: {
          source_model: 'journal_entry',
          source_id: entry.id,
          sealed: share.sealed,
          sealed_key: share.sealed_key,
          sealed_images: images,
        },
      });
    // Only the owner's own sealed images may be listed.
    const stranger = await signUp(app);
    const theirs = newRecordUid();
    await postSealed(fields(theirs, copyBytes), stranger.token);
    expect((await create([theirs])).statusCode).toBe(422);
    const made = await create([copy]);
    expect(made.statusCode, made.body).toBe(201);
    const page = made.json().shared_page;
    const image = (id: string) => app.inject({ method: 'GET', url: `/api/public/shared/${page.slug}/images/${id}` });

    const served = await image(copy);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['cache-control']).toBe('no-store');
    const opened = await openImageWith(await pageCryptoKey(share.pageKey), pageImageAad(copy), served.rawPayload);
    expect(Buffer.from(opened.bytes).equals(picture())).toBe(true);
    // An image the page does not list is not served through it, even the owner's.
    const other = newRecordUid();
    await postSealed(fields(other, copyBytes), owner.token);
    expect((await image(other)).statusCode).toBe(404);

    const revoked = await owner.post('/api/shared_page/update', {
      board: owner.boardId,
      params: { id: page.id, revoked_at: new Date().toISOString() },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().shared_page).toMatchObject({ sealed: null, sealed_key: null, sealed_images: null });
    expect((await app.inject({ method: 'GET', url: `/api/public/shared/${page.slug}` })).statusCode).toBe(404);
    expect((await image(copy)).statusCode).toBe(404);
    // Deleted, not only hidden: the owner cannot read the copy either.
    expect((await getSealed(copy, owner.token)).statusCode).toBe(404);
    expect((await getSealed(other, owner.token)).statusCode).toBe(200);
  });
});
