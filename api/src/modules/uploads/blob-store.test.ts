import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskBlobStore } from './blob-store';
import type { BlobStore } from './blob-store';

let folder: string;
let store: BlobStore;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'lifeboard-blobs-'));
  store = createDiskBlobStore(join(folder, 'nested', 'uploads'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('disk blob store', () => {
  it('puts, gets (with the size) and deletes, creating its folder on first write', async () => {
    const bytes = Buffer.from([1, 2, 3, 250]);
    await store.put('images/abc_DEF-1', bytes, 'image/png');
    const blob = await store.get('images/abc_DEF-1');
    expect(blob?.size).toBe(4);
    expect(await readAll(blob!.body)).toEqual(bytes);
    await store.delete('images/abc_DEF-1');
    expect(await store.get('images/abc_DEF-1')).toBeNull();
  });

  it('leaves no temporary file behind', async () => {
    await store.put('images/clean', Buffer.from('x'), 'image/gif');
    expect(await readdir(join(folder, 'nested', 'uploads', 'images'))).toEqual(['clean']);
  });

  it('answers null for a missing key and treats deleting one as done', async () => {
    expect(await store.get('images/never')).toBeNull();
    expect(await store.get('never/images/deeper')).toBeNull();
    await expect(store.delete('images/never')).resolves.toBeUndefined();
  });

  it.each(['../escape', 'images/../../etc/passwd', '/absolute', 'images\\win', '', 'images/', 'a/./b', 'dot.ext'])(
    'refuses the key %j',
    async (key) => {
      await expect(store.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe blob key/);
      await expect(store.get(key)).rejects.toThrow(/unsafe blob key/);
      await expect(store.delete(key)).rejects.toThrow(/unsafe blob key/);
    },
  );
});
