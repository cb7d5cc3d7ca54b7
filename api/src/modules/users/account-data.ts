import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { Db } from '../../db/client';
import {
  boards,
  calendarConnections,
  habitEntries,
  invitations,
  modelTables,
  outbox,
  simpleModels,
  subscriptions,
  weeklyReflections,
  uploads,
  users,
} from '../../db/schema';
import { invalid } from '../../errors';
import { documented, errorsOf } from '../../openapi';
import { authOf } from '../../types';
import { verifyPassword } from '../auth/password';
import { composeMail } from '../mail/compose';
import { queueMail } from '../mail/jobs';
import type { BlobStore } from '../uploads/blob-store';
import { csvFiles, markdownFiles, type ExportFile } from './export-files';
import { succeeded } from './responses';
import { loadUser } from './present';
import { presentReflection } from '../reflection/service';

/** The archive's one JSON file, and its format marker (a reader can check it before trusting the shape). */
export const exportJsonName = 'lifeboard.json';
export const exportFormat = 'lifeboard-account-export';
export const exportVersion = 1;

const extensionOf: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  // A lesson's files (modules/programs/lesson-files.ts).
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
  'text/plain': 'txt',
};

/** Where an upload's bytes sit in the archive. */
export function uploadFileName(id: string, contentType: string): string {
  return `uploads/${id}.${extensionOf[contentType] ?? 'bin'}`;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * Everything the account owns, as plain JSON: the user's settings, every board with its records (per model, in
 * the API's record shape), habit check-ins and guided pages, subscriptions, invitations sent, calendar events,
 * and the list of uploads (their bytes are files beside it in the archive).
 */
export async function collectAccountData(db: Db, userId: number, now: Date) {
  const user = await loadUser(db, userId);
  const boardRows = await db
    .select()
    .from(boards)
    .where(eq(boards.userId, userId))
    .orderBy(asc(boards.position), asc(boards.id));
  type Rows = Record<string, unknown>[];
  const byBoard = new Map<
    number,
    {
      id: number;
      name: string;
      position: number;
      created_at: string | null;
      records: Record<string, Rows>;
      habit_entries: Rows;
      guided_pages: Rows;
    }
  >(
    boardRows.map((board) => [
      board.id,
      {
        id: board.id,
        name: board.name,
        position: board.position,
        created_at: iso(board.createdAt),
        records: {},
        habit_entries: [],
        guided_pages: [],
      },
    ]),
  );
  for (const [model, table] of Object.entries(modelTables)) {
    const rows = await db
      .select({
        id: table.id,
        boardId: table.boardId,
        createdAt: table.createdAt,
        updatedAt: table.updatedAt,
        position: table.position,
        data: table.data,
      })
      .from(table)
      .where(eq(table.userId, userId))
      .orderBy(asc(table.id));
    for (const row of rows) {
      const board = byBoard.get(row.boardId);
      if (!board) continue;
      (board.records[model] ??= []).push({
        id: row.id,
        board_id: row.boardId,
        created_at: iso(row.createdAt),
        updated_at: iso(row.updatedAt),
        position: row.position,
        ...row.data,
      });
    }
  }
  for (const entry of await db
    .select()
    .from(habitEntries)
    .where(eq(habitEntries.userId, userId))
    .orderBy(asc(habitEntries.id))) {
    byBoard.get(entry.boardId)?.habit_entries.push({
      id: entry.id,
      habit_id: entry.habitId,
      date: entry.date,
      value: entry.value,
      note: entry.note,
      created_at: iso(entry.createdAt),
    });
  }
  for (const page of await db
    .select()
    .from(simpleModels)
    .where(eq(simpleModels.userId, userId))
    .orderBy(asc(simpleModels.id))) {
    byBoard
      .get(page.boardId)
      ?.guided_pages.push({ model: page.model, responses: page.responses, updated_at: iso(page.updatedAt) });
  }
  const uploadRows = await db.select().from(uploads).where(eq(uploads.userId, userId)).orderBy(asc(uploads.createdAt));
  const subscriptionRows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.id));
  const invitationRows = await db
    .select()
    .from(invitations)
    .where(eq(invitations.inviterId, userId))
    .orderBy(asc(invitations.id));
  const calendarRows = await db.select().from(calendarConnections).where(eq(calendarConnections.userId, userId));
  const reflectionRows = await db
    .select()
    .from(weeklyReflections)
    .where(eq(weeklyReflections.userId, userId))
    .orderBy(asc(weeklyReflections.id));
  return {
    format: exportFormat,
    version: exportVersion,
    exported_at: now.toISOString(),
    user,
    boards: [...byBoard.values()],
    uploads: uploadRows.map((row) => ({
      id: row.id,
      file: uploadFileName(row.id, row.contentType),
      content_type: row.contentType,
      bytes: row.bytes,
      created_at: iso(row.createdAt),
    })),
    subscriptions: subscriptionRows.map((row) => ({
      program_id: row.programId,
      board_id: row.boardId,
      status: row.status,
      created_at: iso(row.createdAt),
    })),
    invitations_sent: invitationRows.map((row) => ({
      email: row.email,
      program_guid: row.programGuid,
      sent_at: iso(row.sentAt),
      accepted_at: iso(row.acceptedAt),
      withdrawn_at: iso(row.withdrawnAt),
    })),
    calendar_connections: calendarRows.map((row) => ({ provider: row.provider, events: row.events })),
    weekly_reflections: reflectionRows.map(presentReflection),
  };
}

export function exportArchiveName(now: Date): string {
  return `lifeboard-account-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * The archive, streamed as it is made: `lifeboard.json` and the Markdown and CSV files (deflated), and each
 * upload's bytes stored as they are
 * (images are compressed already), read from the blob store one at a time, so memory holds one image at most.
 */
function streamArchive(
  json: string,
  texts: readonly ExportFile[],
  files: readonly { name: string; key: string }[],
  store: BlobStore,
  onError: (error: unknown) => void,
): PassThrough {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const data = new ZipDeflate(exportJsonName, { level: 6 });
  zip.add(data);
  data.push(strToU8(json), true);
  for (const text of texts) {
    const entry = new ZipDeflate(text.name, { level: 6 });
    zip.add(entry);
    entry.push(strToU8(text.text), true);
  }
  void (async () => {
    for (const file of files) {
      const blob = await store.get(file.key);
      // A row whose bytes are gone (a failed write long ago) is listed in the JSON but has no file.
      if (!blob) continue;
      const entry = new ZipPassThrough(file.name);
      zip.add(entry);
      for await (const chunk of blob.body)
        entry.push(chunk instanceof Uint8Array ? chunk : Buffer.from(chunk as string));
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

/** The one message that confirms a deletion; it goes to the address that was just freed. */
export function accountDeletedMail(user: { email: string; name: string }) {
  return composeMail({
    to: user.email,
    subject: 'Your Lifeboard account is deleted',
    greeting: `Hello ${user.name},`,
    lines: [
      'Your Lifeboard account and everything in it (boards, entries, uploads, devices) have been deleted, as you asked.',
      'This address is free again: you can sign up with it at any time.',
    ],
    footer: ['If you did not ask for this, reply to this message.'],
  });
}

/**
 * Removes the account and every row that names it: the user row takes its boards, records, habit check-ins,
 * guided pages, uploads' rows, tokens, reset links, subscriptions, invitations sent and calendar connections
 * with it (ON DELETE CASCADE; the search terms go through their trigger); mails kept for the address and
 * invitations addressed to it are removed here. Answers the upload keys whose bytes must go too.
 */
export async function deleteAccount(
  db: Db,
  userId: number,
): Promise<{ email: string; name: string; blobKeys: string[] } | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) return null;
    const keys = await tx.select({ key: uploads.key }).from(uploads).where(eq(uploads.userId, userId));
    await tx.delete(outbox).where(sql`lower(${outbox.to}) = lower(${user.email})`);
    await tx.delete(invitations).where(sql`lower(${invitations.email}) = lower(${user.email})`);
    await tx.delete(users).where(eq(users.id, userId));
    return { ...user, blobKeys: keys.map((row) => row.key) };
  });
}

/**
 * Deletes the account (`deleteAccount`), its uploads' bytes, the mail still queued for its address, and sends the one
 * confirmation: what self-service deletion and an admin's deletion both do. The e-mail and name it had, or null
 * when there was no such account.
 */
export async function removeAccount(
  app: FastifyInstance,
  store: BlobStore,
  userId: number,
  log: FastifyBaseLogger,
): Promise<{ email: string; name: string } | null> {
  const deleted = await deleteAccount(app.db, userId);
  app.forgetTokens();
  if (!deleted) return null;
  for (const key of deleted.blobKeys) {
    await store
      .delete(key)
      .catch((error: unknown) => log.error({ err: error, key }, 'an upload of a deleted account could not be removed'));
  }
  // Mail still queued for the address (a reset request, a reminder) goes too; then the confirmation, the one mail
  // of this flow, queued like every mail. The account is gone whatever happens next: a failure is logged, not
  // answered as a failure the user could not act on.
  try {
    await app.queue.deleteJobsMentioning(deleted.email);
    await queueMail(app.queue, accountDeletedMail(deleted));
  } catch (error) {
    log.error({ err: error }, 'the account-deleted mail could not be queued');
  }
  return { email: deleted.email, name: deleted.name };
}

const deleteBody = z.object({ password: z.string().min(1).max(200) }).strict();
const archive = {
  description: `A zip archive: \`${exportJsonName}\` (every board and record, the account's settings, the list of uploads), the journal and notes as Markdown (\`markdown/\`), a CSV file per kind of record (\`csv/\`) and \`uploads/\` with each image.`,
  content: { 'application/zip': { schema: documented(z.unknown().meta({ type: 'string', format: 'binary' })) } },
};

/** `GET /api/user/export` and `POST /api/user/delete`: the account's data out, and the account gone. */
export async function accountDataRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/user/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Download everything: JSON, Markdown for the journal and notes, CSV per kind of record, uploads (zip)',
        response: { 200: archive },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const now = new Date();
      const data = await collectAccountData(app.db, userId, now);
      const rows = await app.db
        .select({ id: uploads.id, key: uploads.key, contentType: uploads.contentType })
        .from(uploads)
        .where(eq(uploads.userId, userId))
        .orderBy(asc(uploads.createdAt));
      const files = rows.map((row) => ({ name: uploadFileName(row.id, row.contentType), key: row.key }));
      const texts = [...markdownFiles(data.boards), ...csvFiles(data.boards)];
      const body = streamArchive(JSON.stringify(data, null, 2), texts, files, app.blobStore, (error) =>
        request.log.error({ err: error }, 'account export failed'),
      );
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${exportArchiveName(now)}"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );

  api.post(
    '/api/user/delete',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete the account and everything in it; needs the password',
        body: deleteBody,
        response: { 200: succeeded, ...errorsOf(422) },
      },
      onRequest: app.authenticate,
      config: { rateLimit: { max: app.limits.loginPerIpPerMinute, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { userId } = authOf(request);
      const [user] = await app.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
      if (!user || !(await verifyPassword(user.passwordHash, request.body.password))) {
        throw invalid({ password: ['is not your password'] }, 'That is not your password; nothing was deleted.');
      }
      await removeAccount(app, app.blobStore, userId, request.log);
      return { success: true as const };
    },
  );
}
