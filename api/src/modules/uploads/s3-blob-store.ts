import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { Env } from '../../env';
import { assertSafeKey, type BlobStore } from './blob-store';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, s3rver…); AWS's own when unset. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`: what most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Keys are stored under this prefix, so one bucket can hold several sites. */
  prefix: string;
}

/** The S3_* settings, or null when S3_BUCKET is unset (uploads then go to UPLOADS_DIR on disk). */
export function s3SettingsOf(env: Env): S3Settings | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
  };
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404))
  );
}

/**
 * Uploaded bytes in an S3-compatible bucket, so every API process sees every image (the disk store is one
 * machine's). The content type is kept with the object too, for anyone reading the bucket directly.
 */
export function createS3BlobStore(settings: S3Settings): BlobStore & { client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const keyOf = (key: string) => {
    assertSafeKey(key);
    return `${settings.prefix}${key}`;
  };
  return {
    client,
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: keyOf(key), Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }));
        if (!(answer.Body instanceof Readable)) throw new Error('the object store answered without a body stream');
        return { body: answer.Body, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers 204 for a key that is not there: removing a missing key is not an error.
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(key) }));
    },
  };
}
