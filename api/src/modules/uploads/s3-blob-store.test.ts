import { HeadObjectCommand } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../../test/helpers';
import { defaultEnv } from '../../env';
import { createS3BlobStore, s3SettingsOf } from './s3-blob-store';
import { tinyPng } from './test-images';
import { filePart, multipart } from './test-multipart';

const folder = mkdtempSync(path.join(tmpdir(), 'lifeboard-s3rver-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: folder,
  configureBuckets: [{ name: 'lifeboard-test' }],
});
let endpoint = '';
const s3Env = () =>
  defaultEnv({
    S3_BUCKET: 'lifeboard-test',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'site-a/',
    // An unwritable folder: an upload that went to disk instead would fail.
    UPLOADS_DIR: '/proc/lifeboard-not-here',
  });

let a: FastifyInstance;
let b: FastifyInstance;
beforeAll(async () => {
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  a = await createTestApp({ env: s3Env() });
  b = await createTestApp({ env: s3Env() });
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('uploads in S3-compatible storage (S3_*, against s3rver)', () => {
  it('stores an upload in the bucket, serves it from another instance, and deletes it there', async () => {
    const user = await signUp(a);
    const bytes = tinyPng([10, 20, 30]);
    const { payload, headers } = multipart([filePart(bytes, 'image/png', 'lake.png')]);
    const auth = { authorization: `Bearer ${user.token}`, 'x-requested-with': 'XMLHttpRequest' };
    const created = await a.inject({
      method: 'POST',
      url: '/api/uploads/image',
      payload,
      headers: { ...headers, ...auth },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();

    // In the bucket, under the prefix, with its type.
    const store = createS3BlobStore(s3SettingsOf(s3Env())!);
    const head = await store.client.send(
      new HeadObjectCommand({ Bucket: 'lifeboard-test', Key: `site-a/images/${id}` }),
    );
    expect(head.ContentType).toBe('image/png');
    expect(head.ContentLength).toBe(bytes.length);

    // The other instance serves the same bytes.
    const served = await b.inject({ method: 'GET', url: `/api/uploads/${id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);

    const removed = await b.inject({ method: 'POST', url: '/api/uploads/delete', payload: { id }, headers: auth });
    expect(removed.statusCode).toBe(200);
    expect(await store.get(`images/${id}`)).toBeNull();
    expect((await a.inject({ method: 'GET', url: `/api/uploads/${id}` })).statusCode).toBe(404);
  }, 60_000);

  it('answers null for a missing key and deletes a missing key without error', async () => {
    const store = createS3BlobStore(s3SettingsOf(s3Env())!);
    expect(await store.get('images/none-such')).toBeNull();
    await expect(store.delete('images/none-such')).resolves.toBeUndefined();
    await expect(store.get('../escape')).rejects.toThrow(/unsafe blob key/);
  });

  it('is off without S3_BUCKET: uploads stay on disk', () => {
    expect(s3SettingsOf(defaultEnv())).toBeNull();
  });
});
