import { uploadImage } from '@lifeboard/shared/api/uploads';
import { setConfig } from '@lifeboard/shared/stores/config';
import { $session } from '@lifeboard/shared/stores/session';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../../test/helpers';
import type { TestUser } from '../../../test/helpers';
import { defaultEnv } from '../../env';
import { MAX_IMAGE_BYTES } from '@lifeboard/shared/models/images';
import { tinyImages, tinyPng } from './test-images';

/** A Blob part from a Node Buffer (typed over ArrayBufferLike, which Blob does not take). */
const part = (bytes: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

/** The site's own client (`uploadImage` of shared) against this API over real HTTP: the wire contract end to end. */
let folder: string;
let app: FastifyInstance;
let baseUrl: string;
let user: TestUser;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'lifeboard-upload-client-'));
  app = await createTestApp({ env: defaultEnv({ UPLOADS_DIR: folder }) });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  setConfig({ apiUrl: baseUrl });
  user = await signUp(app);
});
afterAll(async () => {
  // Every test is done: drop the clients' keep-alive sockets, or close() may wait out Fastify's 72 s keep-alive
  // for a socket that turned idle just after close() looked.
  app.server.closeAllConnections();
  await app.close();
  await rm(folder, { recursive: true, force: true });
});
beforeEach(() => {
  $session.set({ token: user.token, user: null });
});

describe('uploadImage (shared) against the API', () => {
  it.each(tinyImages.map((image) => [image.type, image] as const))(
    'uploads a %s and the absolute url serves it',
    async (type, image) => {
      const { id, url } = await uploadImage(new Blob([part(image.bytes())]), image.name);
      expect(url).toBe(`${baseUrl}/api/uploads/${id}`);
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(image.bytes());
    },
  );

  it('reports progress up to the whole file', async () => {
    const fractions: number[] = [];
    const large = new Blob([part(tinyPng()), new Uint8Array(512 * 1024)]);
    await uploadImage(large, 'large.png', { onProgress: (fraction) => fractions.push(fraction) });
    expect(fractions.length).toBeGreaterThan(0);
    expect(fractions.at(-1)).toBe(1);
  });

  it('throws the server message for a file that is not an image, whatever its declared type', async () => {
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
      type: 'image/png',
    });
    await expect(uploadImage(svg, 'cat.png')).rejects.toThrow(
      'This file is not an image we accept. Allowed types: PNG, GIF, JPEG, BMP, ICO, WebP.',
    );
  });

  it('refuses a file over 10 MB before sending it', async () => {
    const big = new Blob([part(tinyPng()), new Uint8Array(MAX_IMAGE_BYTES)]);
    const failure = uploadImage(big, 'big.png');
    await expect(failure).rejects.toThrow('Images may be at most 10 MB.');
    await expect(failure).rejects.toMatchObject({ status: 413 });
  });

  it('throws a 401 error when signed out', async () => {
    $session.set({ token: null, user: null });
    await expect(uploadImage(new Blob([part(tinyPng())]), 'a.png')).rejects.toMatchObject({
      status: 401,
      code: 'LB-AUTH-EXPIRED',
    });
  });

  it('throws a network error when the API is unreachable', async () => {
    setConfig({ apiUrl: 'http://127.0.0.1:9' });
    try {
      await expect(uploadImage(new Blob([part(tinyPng())]), 'a.png')).rejects.toThrow(
        'The server could not be reached.',
      );
    } finally {
      setConfig({ apiUrl: baseUrl });
    }
  });
});

describe('the server over real HTTP', () => {
  it('answers 413 (not a reset connection) to a browser sending more than 10 MB', async () => {
    const form = new FormData();
    form.append('file', new File([part(tinyPng()), new Uint8Array(MAX_IMAGE_BYTES)], 'big.png', { type: 'image/png' }));
    const response = await fetch(`${baseUrl}/api/uploads/image`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'Images may be at most 10 MB.' });
  });

  it('answers 422 to a large image sent under another field name, without leaving the upload hanging', async () => {
    const form = new FormData();
    form.append(
      'image',
      new File([part(tinyPng()), new Uint8Array(3 * 1024 * 1024)], 'big.png', { type: 'image/png' }),
    );
    const response = await fetch(`${baseUrl}/api/uploads/image`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${user.token}` },
      signal: AbortSignal.timeout(20_000),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ errors: { file: [expect.any(String)] } });
  });

  it('lets the site origin read the upload answer (CORS) and embed the image (CORP)', async () => {
    const form = new FormData();
    form.append('file', new File([part(tinyPng())], 'a.png'));
    const response = await fetch(`${baseUrl}/api/uploads/image`, {
      method: 'POST',
      body: form,
      headers: {
        authorization: `Bearer ${user.token}`,
        origin: 'http://localhost:3001',
        'x-requested-with': 'XMLHttpRequest',
      },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3001');
    const { url } = (await response.json()) as { url: string };
    const image = await fetch(`${baseUrl}${url}`, { headers: { origin: 'http://localhost:3001' } });
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // Read to the end: an unread body keeps the connection busy and app.close() would wait for it.
    expect((await image.arrayBuffer()).byteLength).toBe(tinyPng().length);
  });
});
