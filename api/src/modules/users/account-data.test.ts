import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, signUp, testDatabase, testQueueSchema } from '../../../test/helpers';
import type { TestUser } from '../../../test/helpers';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { passwordResets } from '../../db/schema';
import { defaultEnv } from '../../env';
import { hashToken, newToken } from '../../plugins/auth';
import { tinyPng } from '../uploads/test-images';
import Papa from 'papaparse';
import { exportJsonName } from './account-data';

let folder: string;
let app: FastifyInstance;
let smtp: SmtpSink;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'lifeboard-account-'));
  smtp = await startSmtpSink();
  app = await createTestApp({
    env: defaultEnv({ UPLOADS_DIR: folder, SMTP_URL: smtp.url, QUEUE_POLL_SECONDS: '0.5' }),
  });
}, 60_000);
afterAll(async () => {
  await app.close();
  await smtp.close();
  await rm(folder, { recursive: true, force: true });
});

function uploadImage(user: TestUser, bytes: Buffer) {
  const boundary = '----lifeboardaccount';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/uploads/image',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${user.token}`,
      'x-requested-with': 'XMLHttpRequest',
    },
  });
}

/** A user with something in every kind of table an account can fill. */
async function fullAccount() {
  const user = await signUp(app);
  const other = (await user.post('/api/board/create', { name: 'Side projects' })).json().board.id as number;
  const entry = (
    await user.post('/api/journal_entry/create', {
      board: user.boardId,
      params: { title: 'Blueberry morning', date: '2026-11-01', body: '<p>Picked blueberries</p>' },
    })
  ).json().journal_entry;
  await user.post('/api/note/create', { board: other, params: { title: 'Shed plan', body: '<p>Two windows</p>' } });
  const habit = (
    await user.post('/api/habit/create', {
      board: user.boardId,
      params: { title: 'Read', kind: 'at_least', target: 10 },
    })
  ).json().habit;
  await user.post('/api/habit/checkin', {
    board: user.boardId,
    params: { habit_id: habit.id, date: '2026-11-02', value: 12 },
  });
  await user.post('/api/simple_model/update', {
    board: user.boardId,
    model: 'purpose',
    responses: { why: 'Grow things' },
  });
  const image = tinyPng([200, 10, 10]);
  const upload = (await uploadImage(user, image)).json<{ id: string; url: string }>();
  await user.post('/api/invitations/create', { email: `friend-of-${user.id}@test.lifeboard.local` });
  // Someone else invites this address, and the user asks for a reset link: rows that name the account by e-mail.
  const inviter = await signUp(app);
  await inviter.post('/api/invitations/create', { email: user.email });
  // A reset request still queued (the queue's workers run only once the account is gone), and a reset link.
  await app.inject({ method: 'POST', url: '/api/password/email', payload: { email: user.email } });
  const resetToken = newToken();
  const { db } = await testDatabase();
  await db
    .insert(passwordResets)
    .values({ userId: user.id, tokenHash: hashToken(resetToken), expiresAt: new Date(Date.now() + 3_600_000) });
  // A second device.
  await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: PASSWORD } });
  return { user, other, entry, habit, image, upload, inviter, resetToken };
}

/** The rows of a query, on PGlite and on PostgreSQL alike (both drivers answer `{ rows }`). */
async function rowsOf<T>(query: SQL): Promise<T[]> {
  const { db } = await testDatabase();
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Every table of the database, from the catalog: a table added later is checked without touching this test. */
async function everyTable(): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(sql`
    select format('%I.%I', table_schema, table_name) as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`);
  return rows.map((row) => row.name);
}

/**
 * Rows that still name the user: by id, in any column that references `users` or is called `user_id`; by
 * e-mail address, anywhere in the row. `except` drops the rows a test expects (the confirmation mail).
 */
async function rowsNaming(
  user: { id: number; email: string },
  except: (table: string, row: string) => boolean = () => false,
) {
  const idColumns = await rowsOf<{ tbl: string; col: string }>(sql`
    select format('%I.%I', n.nspname, t.relname) as tbl, quote_ident(a.attname) as col
    from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'public.users'::regclass
    union
    select format('%I.%I', table_schema, table_name), quote_ident(column_name) from information_schema.columns
    where (column_name like '%user_id' or (table_name = 'users' and column_name = 'id')) and table_schema not in ('pg_catalog', 'information_schema')`);
  const found: string[] = [];
  for (const { tbl, col } of idColumns) {
    const rows = await rowsOf<{ row: string }>(
      sql.raw(`select t::text as row from ${tbl} t where ${col} = ${Number(user.id)}`),
    );
    found.push(...rows.map((row) => `${tbl}.${col}: ${row.row}`));
  }
  for (const table of await everyTable()) {
    const rows = await rowsOf<{ row: string }>(
      sql`select t::text as row from ${sql.raw(table)} t where position(lower(${user.email}) in lower(t::text)) > 0`,
    );
    found.push(...rows.filter((row) => !except(table, row.row)).map((row) => `${table}: ${row.row}`));
  }
  return found;
}

describe('POST /api/user/delete', () => {
  it('needs the password: a wrong one answers 422 and deletes nothing', async () => {
    const { user } = await fullAccount();
    const before = await rowsNaming(user);
    const answer = await user.post('/api/user/delete', { password: 'not the password' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors.password).toEqual(['is not your password']);
    expect((await user.get('/api/user')).statusCode).toBe(200);
    expect(await rowsNaming(user)).toEqual(before);
    expect((await user.post('/api/user/delete', {})).statusCode).toBe(422);
  });

  it('removes every row of the account in every table, the upload bytes too, and frees the address', async () => {
    const { user, upload, inviter, resetToken } = await fullAccount();
    expect(await readdir(join(folder, 'images'))).toContain(upload.id);
    // The fixture reaches the tables it means to: before, rows name the user in each of them.
    const before = (await rowsNaming(user)).map((row) => row.split(/[.:]/)[1]);
    expect([...new Set(before)]).toEqual(
      expect.arrayContaining([
        'users',
        'boards',
        'tokens',
        'password_resets',
        'journal_entry',
        'note',
        'habit',
        'habit_entry',
        'simple_model',
        'upload',
        'invitation',
        'search_terms',
        'job',
      ]),
    );

    const answer = await user.post('/api/user/delete', { password: PASSWORD });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true });

    // The only row left with the address is the confirmation mail's job, which the queue deletes in its time.
    // (The queue's schema is `pgboss`, or one per test process on a shared PostgreSQL: test/helpers.ts.)
    const queueSchema = testQueueSchema().schema ?? 'pgboss';
    const confirmation = (table: string, row: string) =>
      table.startsWith(`${queueSchema}.`) && row.includes('Your Lifeboard account is deleted');
    expect(await rowsNaming(user, confirmation)).toEqual([]);
    await app.startWork();
    const sent = await smtp.waitFor(
      (mail) => mail.to === user.email && mail.subject === 'Your Lifeboard account is deleted',
    );
    expect(sent.text).toContain('This address is free again');
    expect(smtp.received.filter((mail) => mail.to === user.email).map((mail) => mail.subject)).toEqual([
      'Your Lifeboard account is deleted',
    ]);
    // The bytes of the upload are gone, and its address answers 404.
    expect(await readdir(join(folder, 'images'))).not.toContain(upload.id);
    expect((await app.inject({ method: 'GET', url: upload.url })).statusCode).toBe(404);
    // Every token is dead, the reset link too.
    expect((await user.get('/api/user')).statusCode).toBe(401);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { email: user.email, token: resetToken, password: 'a brand new password 1' },
    });
    expect(reset.statusCode).toBe(422);
    // Other accounts keep what is theirs.
    expect((await inviter.get('/api/user')).statusCode).toBe(200);
    // The address is free again.
    const again = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { name: 'Back again', email: user.email, password: PASSWORD },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().user.id).not.toBe(user.id);
  });
});

describe('GET /api/user/export', () => {
  it('is one zip: every board and record as JSON, with the uploads as files, and nothing of anyone else', async () => {
    const { user, other, entry, habit, image, upload, inviter } = await fullAccount();
    await inviter.post('/api/note/create', { board: inviter.boardId, params: { title: 'Not yours', body: '' } });
    const answer = await user.get('/api/user/export');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="lifeboard-account-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(answer.rawPayload));
    const data = JSON.parse(strFromU8(files[exportJsonName]));
    expect(data).toMatchObject({
      format: 'lifeboard-account-export',
      version: 1,
      user: { id: user.id, email: user.email },
    });
    expect(data.user.password_hash).toBeUndefined();
    expect(data.boards.map((b: { id: number; name: string }) => [b.id, b.name])).toEqual([
      [user.boardId, 'Default Board'],
      [other, 'Side projects'],
    ]);
    const [main, side] = data.boards;
    expect(main.records.journal_entry).toEqual([
      expect.objectContaining({
        id: entry.id,
        title: 'Blueberry morning',
        body: '<p>Picked blueberries</p>',
        date: '2026-11-01',
      }),
    ]);
    expect(main.records.habit).toEqual([expect.objectContaining({ id: habit.id, title: 'Read' })]);
    expect(main.habit_entries).toEqual([
      expect.objectContaining({ habit_id: habit.id, date: '2026-11-02', value: 12 }),
    ]);
    expect(main.guided_pages).toEqual([
      expect.objectContaining({ model: 'purpose', responses: { why: 'Grow things' } }),
    ]);
    expect(side.records.note).toEqual([expect.objectContaining({ title: 'Shed plan' })]);
    expect(JSON.stringify(data)).not.toContain('Not yours');
    expect(data.uploads).toEqual([
      expect.objectContaining({ id: upload.id, file: `uploads/${upload.id}.png`, content_type: 'image/png' }),
    ]);
    expect(Buffer.from(files[`uploads/${upload.id}.png`])).toEqual(image);
    expect(data.invitations_sent).toEqual([
      expect.objectContaining({ email: `friend-of-${user.id}@test.lifeboard.local` }),
    ]);
  });

  it('also holds the journal and notes as Markdown, and a CSV file per kind of record', async () => {
    const { user, habit } = await fullAccount();
    const files = unzipSync(new Uint8Array((await user.get('/api/user/export')).rawPayload));
    const text = (name: string) => {
      expect(Object.keys(files), name).toContain(name);
      return strFromU8(files[name]);
    };
    expect(text('markdown/journal/default-board/2026-11-01-blueberry-morning.md')).toMatch(
      /^---\ntitle: "Blueberry morning"\ndate: "2026-11-01"\ncreated_at: "[^"]+"\n---\n\n# Blueberry morning\n\nPicked blueberries\n$/,
    );
    expect(text('markdown/notes/side-projects/shed-plan.md')).toMatch(/\n# Shed plan\n\nTwo windows\n$/);
    const journal = Papa.parse<Record<string, string>>(text('csv/journal-entries.csv'), { header: true }).data;
    expect(journal).toEqual([
      expect.objectContaining({ board: 'Default Board', title: 'Blueberry morning', date: '2026-11-01' }),
    ]);
    const checkIns = Papa.parse<Record<string, string>>(text('csv/habit-check-ins.csv'), { header: true }).data;
    expect(checkIns).toEqual([
      expect.objectContaining({ habit_id: String(habit.id), date: '2026-11-02', value: '12' }),
    ]);
    expect(Object.keys(files).filter((name) => name.startsWith('csv/'))).toEqual(
      expect.arrayContaining(['csv/notes.csv', 'csv/habits.csv']),
    );
  });

  it('needs a signed-in user', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/user/export' })).statusCode).toBe(401);
  });
});
