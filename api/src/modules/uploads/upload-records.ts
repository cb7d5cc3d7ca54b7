import { and, eq, inArray, sql } from 'drizzle-orm';
import { SEALED_IMAGE_TYPE } from '@lifeboard/shared/models/images';
import type { Db } from '../../db/client';
import { modelTables } from '../../db/model-tables';
import { uploads } from '../../db/upload-schema';

/** The upload table's queries: what the routes ask of it, by name. */

/** Bytes of every image the user has stored (the quota counts them). */
export async function bytesStoredBy(db: Db, userId: number): Promise<number> {
  const [{ used }] = await db
    .select({ used: sql<number>`coalesce(sum(${uploads.bytes}), 0)::float8` })
    .from(uploads)
    .where(eq(uploads.userId, userId));
  return used;
}

export async function recordUpload(
  db: Db,
  upload: { id: string; userId: number; key: string; contentType: string; bytes: number },
): Promise<void> {
  await db.insert(uploads).values(upload);
}

/** Where an image's bytes are kept, by its public id (anyone holding the id may read it). */
export async function findUpload(
  db: Db,
  id: string,
): Promise<{ key: string; contentType: string; userId: number } | undefined> {
  const [row] = await db
    .select({ key: uploads.key, contentType: uploads.contentType, userId: uploads.userId })
    .from(uploads)
    .where(eq(uploads.id, id))
    .limit(1);
  return row;
}

/** The ids among `ids` that are the user's own sealed images (an encrypted entry's, or a shared page's copies). */
export async function ownSealedUploads(db: Db, userId: number, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, [...ids]), eq(uploads.userId, userId), eq(uploads.contentType, SEALED_IMAGE_TYPE)));
  return new Set(rows.map((row) => row.id));
}

/** Deletes the user's own sealed images among `ids` (a revoked page's copies); their storage keys. */
export async function deleteOwnSealedUploads(db: Db, userId: number, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(uploads)
    .where(and(inArray(uploads.id, [...ids]), eq(uploads.userId, userId), eq(uploads.contentType, SEALED_IMAGE_TYPE)))
    .returning({ key: uploads.key });
  return rows.map((row) => row.key);
}

/** Removes the user's own image record; its storage key, or undefined when it is not theirs or not there. */
export async function deleteOwnUpload(db: Db, userId: number, id: string): Promise<string | undefined> {
  const [row] = await db
    .delete(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId)))
    .returning({ key: uploads.key });
  return row?.key;
}

/** The user's own image, by id, or undefined when it is not theirs or not there. */
export async function findOwnUpload(
  db: Db,
  userId: number,
  id: string,
): Promise<{ key: string; contentType: string } | undefined> {
  const [row] = await db
    .select({ key: uploads.key, contentType: uploads.contentType })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId)))
    .limit(1);
  return row;
}

/** Makes another user the image's owner: it then counts in their quota, their export and their account's deletion. */
export async function transferUpload(db: Db, id: string, userId: number): Promise<void> {
  await db.update(uploads).set({ userId }).where(eq(uploads.id, id));
}

/** Removes an image record whoever uploaded it (its user is checked by the caller); its storage key, if it was there. */
export async function deleteUpload(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.delete(uploads).where(eq(uploads.id, id)).returning({ key: uploads.key });
  return row?.key;
}

/**
 * Whether any of the user's records shows the image (a journal entry, a note, a program's description…): their
 * rich text names it by its path. An image still shown somewhere is not deleted with a cover it stops being.
 */
export async function uploadShownInRecords(db: Db, userId: number, id: string): Promise<boolean> {
  const path = `%/api/uploads/${id}%`;
  for (const table of Object.values(modelTables)) {
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.userId, userId), sql`${table.data}::text like ${path}`))
      .limit(1);
    if (row) return true;
  }
  return false;
}
