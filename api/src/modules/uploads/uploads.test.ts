import type { FastifyInstance } from 'fastify';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../../test/helpers';
import type { TestUser } from '../../../test/helpers';
import { defaultEnv } from '../../env';
import type { BlobStore } from './blob-store';
import { MAX_IMAGE_BYTES } from '@lifeboard/shared/models/images';
import { UPLOADS_PER_MINUTE } from './index';
import { tinyImages, tinyPng } from './test-images';
import { filePart, multipart } from './test-multipart';
import type { Part } from './test-multipart';

let folder: string;
let app: FastifyInstance;
let user: TestUser;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'lifeboard-uploads-'));
  app = await createTestApp({ env: defaultEnv({ UPLOADS_DIR: folder }) });
  user = await signUp(app);
});
afterAll(async () => {
  await app.close();
  await rm(folder, { recursive: true, force: true });
});

async function storedFiles(): Promise<string[]> {
  return (await readdir(join(folder, 'images')).catch(() => [] as string[])).sort();
}

function upload(parts: Part[], token: string | null = user.token) {
  const { payload, headers } = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/api/uploads/image',
    payload,
    headers: {
      ...headers,
      'x-requested-with': 'XMLHttpRequest',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

describe('POST /api/uploads/image', () => {
  it.each(tinyImages.map((image) => [image.type, image] as const))(
    'stores a real %s and serves it back with safe headers',
    async (type, image) => {
      const bytes = image.bytes();
      // The declared type is deliberately generic: the stored type comes from the bytes.
      const response = await upload([filePart(bytes, 'application/octet-stream', image.name)]);
      expect(response.statusCode).toBe(201);
      const body = response.json<{ success: boolean; id: string; url: string }>();
      expect(body.success).toBe(true);
      expect(body.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(body.url).toBe(`/api/uploads/${body.id}`);

      const served = await app.inject({ method: 'GET', url: body.url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(bytes);
      expect(served.headers).toMatchObject({
        'content-type': type,
        'content-length': String(bytes.length),
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline',
        'cache-control': 'public, max-age=31536000, immutable',
        'content-security-policy': "default-src 'none'; sandbox",
        'cross-origin-resource-policy': 'cross-origin',
      });
    },
  );

  it('gives each upload a fresh unguessable id, even for the same bytes', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(async () => (await upload([filePart(tinyPng())])).json<{ id: string }>().id),
    );
    expect(new Set(ids).size).toBe(3);
  });

  it.each([
    ['an SVG declared as PNG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/png'],
    ['HTML declared as JPEG', '<html><body onload="alert(1)"></body></html>', 'image/jpeg'],
    ['an empty file declared as GIF', '', 'image/gif'],
  ])('refuses %s with 415 naming the allowed types', async (_name, data, contentType) => {
    const response = await upload([filePart(Buffer.from(data), contentType, 'x.png')]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe(
      'This file is not an image we accept. Allowed types: PNG, GIF, JPEG, BMP, ICO, WebP.',
    );
  });

  it('accepts exactly 10 MB and refuses one byte more with 413', async () => {
    const exact = Buffer.concat([tinyPng(), Buffer.alloc(MAX_IMAGE_BYTES - tinyPng().length)]);
    expect((await upload([filePart(exact)])).statusCode).toBe(201);
    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    const response = await upload([filePart(over)]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('Images may be at most 10 MB.');
  });

  it('refuses a file past the limit with 413 and stores nothing, also when a chunk ends exactly at the limit', async () => {
    // The body arrives in two chunks: the first ends exactly at the limit, the second brings one byte more.
    // The parser then marks the file truncated after its last chunk was read, which once let 10 MB be stored.
    const { payload, headers } = multipart([
      filePart(Buffer.concat([tinyPng(), Buffer.alloc(MAX_IMAGE_BYTES - tinyPng().length + 1)])),
    ]);
    const fileStart = payload.indexOf('\r\n\r\n') + 4;
    const cut = fileStart + MAX_IMAGE_BYTES;
    const before = await storedFiles();
    const chunks = [payload.subarray(0, cut), payload.subarray(cut)];
    const body = new Readable({
      read() {
        const next = chunks.shift();
        if (next) setTimeout(() => this.push(next), 20);
        else this.push(null);
      },
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/uploads/image',
      payload: body,
      headers: { ...headers, 'content-length': String(payload.length), authorization: `Bearer ${user.token}` },
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().error).toBe('Images may be at most 10 MB.');
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses an image past the account's quota with 413 and a clear message, storing nothing", async () => {
    const folderOfQuota = await mkdtemp(join(tmpdir(), 'lifeboard-quota-'));
    // A quota of 2.5 MB: two images of 1 MB fit, a third does not; deleting one makes room again.
    const small = await createTestApp({ env: defaultEnv({ UPLOADS_DIR: folderOfQuota, UPLOAD_QUOTA_MB: '2.5' }) });
    try {
      const owner = await signUp(small);
      const oneMb = Buffer.concat([tinyPng(), Buffer.alloc(1024 * 1024 - tinyPng().length)]);
      const send = () => {
        const { payload, headers } = multipart([filePart(oneMb)]);
        return small.inject({
          method: 'POST',
          url: '/api/uploads/image',
          payload,
          headers: { ...headers, authorization: `Bearer ${owner.token}` },
        });
      };
      const first = await send();
      expect(first.statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const refused = await send();
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toMatchObject({
        code: 'LB-UPLOAD-QUOTA',
        error:
          'Your images already use 2 MB of your 2.5 MB; this one does not fit. Delete images you no longer need to make room.',
      });
      expect(await readdir(join(folderOfQuota, 'images'))).toHaveLength(2);
      // Another account has its own quota.
      const other = await signUp(small);
      const { payload, headers } = multipart([filePart(oneMb)]);
      expect(
        (
          await small.inject({
            method: 'POST',
            url: '/api/uploads/image',
            payload,
            headers: { ...headers, authorization: `Bearer ${other.token}` },
          })
        ).statusCode,
      ).toBe(201);
      expect((await owner.post('/api/uploads/delete', { id: first.json().id })).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(201);
    } finally {
      await small.close();
      await rm(folderOfQuota, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses a signed-out upload with 401 before reading it', async () => {
    expect((await upload([filePart(tinyPng())], null)).statusCode).toBe(401);
    expect((await upload([filePart(tinyPng())], 'not-a-real-token-but-long-enough')).statusCode).toBe(401);
  });

  it('answers 422 when the multipart body has no file, or the file is not in the field "file"', async () => {
    for (const parts of [
      [],
      [{ name: 'file', data: 'just text' }],
      [filePart(tinyPng(), 'image/png', 'a.png')].map((p) => ({ ...p, name: 'image' })),
    ]) {
      const response = await upload(parts);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        message: 'Send one image as the multipart field "file".',
        errors: { file: [expect.any(String)] },
      });
    }
  });

  it('answers 400 for more than one file part and stores none of them', async () => {
    const before = await storedFiles();
    for (const parts of [
      Array.from({ length: 5 }, (_, index) => filePart(tinyPng(), 'image/png', `${index}.png`)),
      [filePart(tinyPng(), 'image/png', 'a.png'), { ...filePart(tinyPng(), 'image/png', 'b.png'), name: 'other' }],
    ]) {
      const response = await upload(parts);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        error: 'Send one image at a time: this upload has more than one file.',
        code: 'LB-BAD-REQUEST',
      });
    }
    expect(await storedFiles()).toEqual(before);
    // One file beside ordinary fields is still one image.
    const one = await upload([{ name: 'caption', data: 'x' }, filePart(tinyPng(), 'image/png', 'one.png')]);
    expect(one.statusCode, one.body).toBe(201);
  });

  it('answers 415 for a body that is not multipart', async () => {
    const response = await user.post('/api/uploads/image', { file: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatch(/multipart\/form-data/);
  });

  it('records the owner, so only the owner can delete; the bytes go with the row', async () => {
    const { id, url } = (await upload([filePart(tinyPng())])).json<{ id: string; url: string }>();
    const other = await signUp(app);
    expect((await other.post('/api/uploads/delete', { id })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await user.post('/api/uploads/delete', { id })).json()).toEqual({ success: true, id });
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await readdir(join(folder, 'images'))).not.toContain(id);
  });
});

describe('GET /api/uploads/:id', () => {
  it.each(['AAAAAAAAAAAAAAAAAAAAAA', 'short', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(100)])(
    'answers 404 for the unknown id %s',
    async (id) => {
      const response = await app.inject({ method: 'GET', url: `/api/uploads/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, error: 'No such image.' });
    },
  );

  it('lets another origin embed it: no credentials needed, CORP cross-origin', async () => {
    const { url } = (await upload([filePart(tinyPng())])).json<{ url: string }>();
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { origin: 'http://localhost:3001', 'sec-fetch-dest': 'image' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('images in rich text', () => {
  it('keeps an uploaded image in an entry and drops an inlined base64 one', async () => {
    const { url } = (await upload([filePart(tinyPng())])).json<{ url: string }>();
    const absolute = `http://localhost:4000${url}`;
    const body = `<p>Lake<img src="${absolute}"><img src="data:image/png;base64,${tinyPng().toString('base64')}"></p>`;
    const entry = (
      await user.post('/api/journal_entry/create', {
        board: user.boardId,
        params: { title: 'Pictures', date: '2026-11-01', body },
      })
    ).json().journal_entry;
    expect(entry.body).toBe(`<p>Lake<img src="${absolute}"></p>`);
  });
});

describe('limits and documentation', () => {
  it(`allows ${UPLOADS_PER_MINUTE} uploads a minute per address, then answers 429`, async () => {
    // Its own address: the counts are shared by every app on the database, so the other tests' uploads (from
    // 127.0.0.1) must not count, nor this test's 61 count against theirs.
    const limited = await createTestApp({ env: defaultEnv({ UPLOADS_DIR: folder }) });
    const remoteAddress = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    try {
      const owner = await signUp(limited);
      const { payload, headers } = multipart([filePart(tinyPng())]);
      const send = () =>
        limited.inject({
          method: 'POST',
          url: '/api/uploads/image',
          payload,
          headers: { ...headers, authorization: `Bearer ${owner.token}` },
          remoteAddress,
        });
      for (let i = 0; i < UPLOADS_PER_MINUTE; i += 1) expect((await send()).statusCode).toBe(201);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('documents the routes in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(doc.paths['/api/uploads/image'] ?? {})).toContain('post');
    expect(Object.keys(doc.paths['/api/uploads/{id}'] ?? {})).toContain('get');
  });
});

describe('a deploy’s own BlobStore', () => {
  it('receives the bytes with the detected type and serves them back', async () => {
    const saved = new Map<string, { bytes: Uint8Array; contentType: string }>();
    const memoryStore: BlobStore = {
      put: async (key, bytes, contentType) => void saved.set(key, { bytes, contentType }),
      get: async (key) => {
        const blob = saved.get(key);
        return blob ? { body: Readable.from([Buffer.from(blob.bytes)]), size: blob.bytes.length } : null;
      },
      delete: async (key) => void saved.delete(key),
    };
    const custom = await createTestApp({ blobStore: memoryStore });
    try {
      const owner = await signUp(custom);
      const { payload, headers } = multipart([filePart(tinyImages[2].bytes(), 'image/png', 'photo.png')]);
      const response = await custom.inject({
        method: 'POST',
        url: '/api/uploads/image',
        payload,
        headers: { ...headers, authorization: `Bearer ${owner.token}` },
      });
      const { id } = response.json<{ id: string }>();
      expect(saved.get(`images/${id}`)?.contentType).toBe('image/jpeg');
      const served = await custom.inject({ method: 'GET', url: `/api/uploads/${id}` });
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload).toEqual(tinyImages[2].bytes());
    } finally {
      await custom.close();
    }
  });
});
