import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. The API only ever talks to this interface: the disk store below is the default
 * (one folder, fine for one instance or a shared volume); a production deploy running several instances plugs
 * in an S3-compatible store implementing the same three calls (`put` → PutObject with ContentType, `get` →
 * GetObject's body stream and ContentLength, `delete` → DeleteObject) and passes it to `buildApp({ blobStore })`.
 */
export interface StoredBlob {
  body: Readable;
  size: number;
}

export interface BlobStore {
  /** Stores `bytes` under `key`, replacing nothing: keys are fresh random ids. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<StoredBlob | null>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are ours (`images/<id>`), but the disk store still refuses anything that could leave its folder. */
const safeKey = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

export function assertSafeKey(key: string): void {
  if (!safeKey.test(key) || key.length > 200) throw new Error(`unsafe blob key: ${JSON.stringify(key)}`);
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}

/** Files under one folder, created on first write. The content type is kept by the caller (the uploads table). */
export function createDiskBlobStore(folder: string): BlobStore {
  const root = resolve(folder);
  const pathOf = (key: string) => {
    assertSafeKey(key);
    const path = join(root, ...key.split('/'));
    if (!path.startsWith(root + sep)) throw new Error(`blob key escapes the store: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside and renamed: a reader never sees half a file, a crash leaves no partial blob under the key.
      const temporary = `${path}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await writeFile(temporary, bytes, { flag: 'wx' });
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { body: createReadStream(path), size: info.size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
