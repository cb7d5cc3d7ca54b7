import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, it, type ExpectStatic } from 'vitest';
import { postgresForTest, startApiProcess, type ApiProcess, type ThrowawayPostgres } from '../../../test/processes';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { uniqueEmail } from '../../../test/helpers';

/**
 * kill -9 of the API while it delivers reminders, then a restart: every reminder's mail arrives exactly once.
 * The API runs as a real process (src/server.ts); the SMTP server is the test's. The kill comes while some mails
 * are accepted and others are in the middle of being sent (the sink holds their final reply), so the restarted
 * process must send the unfinished ones and none of the finished ones again.
 */

const REMINDERS = 30;
/** Accepted before the kill. */
const ACCEPTED_BEFORE_KILL = 8;
const SECRET = 'a crash-test secret of at least thirty-two characters';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Account {
  token: string;
  board: number;
  email: string;
}

async function call(
  api: ApiProcess,
  account: Account | null,
  route: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${api.url}${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(account ? { authorization: `Bearer ${account.token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(100);
  }
  console.warn(`crash test: gave up waiting for ${what} after ${timeoutMs} ms`);
  return false;
}

async function crashDuringDelivery(databaseEnv: Record<string, string>, expect: ExpectStatic): Promise<void> {
  const sink: SmtpSink = await startSmtpSink();
  cleanups.push(() => sink.close());
  const uploads = mkdtempSync(path.join(tmpdir(), 'lifeboard-crash-uploads-'));
  cleanups.push(() => rmSync(uploads, { recursive: true, force: true }));
  const env = {
    ...databaseEnv,
    SMTP_URL: sink.url,
    QUEUE_POLL_SECONDS: '0.5',
    REMINDER_SCAN_SECONDS: '1',
    ACTION_LINK_SECRET: SECRET,
    UPLOADS_DIR: uploads,
  };
  let api = await startApiProcess(env);
  cleanups.push(() => api.stop());

  const email = uniqueEmail('crash');
  const registered = (await call(api, null, '/api/register', {
    name: 'Crash Test',
    email,
    password: 'correct horse battery',
  })) as { token: string; user: { default_board_id: number } };
  const account: Account = { token: registered.token, board: registered.user.default_board_id, email };
  const at = new Date(Date.now() + 4000).toISOString();
  const titles = Array.from({ length: REMINDERS }, (_, index) => `Crash test ${index + 1}`);
  for (const title of titles)
    await call(api, account, '/api/reminder/create', {
      board: account.board,
      params: { title, remind_at: at, channels: ['email'] },
    });

  const ours = () => sink.received.filter((mail) => mail.to === email);
  await sink.waitFor(() => ours().length >= ACCEPTED_BEFORE_KILL, 90_000);
  sink.hold();
  const accepted = new Set(ours().map((mail) => mail.subject));
  // The accepted ones have settled once their reminder says when it was sent (written after the job completed):
  // a kill in the instant between the server's "accepted" and that commit is the one case that repeats a mail
  // (the same Message-ID, see api/README.md), so the test kills after it, while other mails are mid-sending.
  await until(
    'the accepted mails to be recorded',
    async () => {
      const listed = (await call(api, account, '/api/reminder/all', {
        board: account.board,
        params: { limit: 100 },
      })) as { reminders: { title: string; last_sent_at?: string | null }[] };
      return listed.reminders
        .filter((reminder) => accepted.has(`Reminder: ${reminder.title}`))
        .every((reminder) => reminder.last_sent_at);
    },
    20_000,
  );
  expect(await until('a mail in the middle of being sent', () => sink.held() > 0, 30_000), api.output()).toBe(true);
  const inFlight = sink.held();
  await api.kill9();
  // The held messages' connections died with the process: the sink drops them, as a server drops what it never acknowledged.
  expect(await until('the dead connections to close', () => sink.held() === 0, 10_000)).toBe(true);
  sink.release();
  const beforeRestart = ours().length;
  expect(beforeRestart).toBeLessThan(REMINDERS);

  api = await startApiProcess(env);
  await until('every reminder to arrive', () => new Set(ours().map((mail) => mail.subject)).size >= REMINDERS, 120_000);
  // Time for a repeat to show up, were one coming (a poll and a retry's backoff).
  await sleep(4000);
  const counts = new Map<string, number>();
  for (const mail of ours()) counts.set(mail.subject, (counts.get(mail.subject) ?? 0) + 1);
  const lost = titles.filter((title) => !counts.has(`Reminder: ${title}`));
  const repeated = [...counts].filter(([, count]) => count > 1);
  console.log(
    `crash test: ${beforeRestart} accepted and ${inFlight} mid-sending at the kill; after the restart ${ours().length} in all, ${lost.length} lost, ${repeated.length} sent twice`,
  );
  expect({ lost, repeated }).toEqual({ lost: [], repeated: [] });
  // One Message-ID per occurrence.
  expect(new Set(ours().map((mail) => mail.messageId)).size).toBe(REMINDERS);
  await api.stop();
}

// Each API suite crashes the database it runs on: the PGlite suite PGlite, the suite with DATABASE_URL (.ci/run's
// second run) PostgreSQL. The API process is the same either way; only what it reopens differs.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe('kill -9 during delivery, then a restart', () => {
  it.skipIf(onPostgres)(
    'on PGlite (reopened from its folder): nothing lost, nothing sent twice',
    async ({ expect }) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'lifeboard-crash-pglite-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      await crashDuringDelivery({ PGLITE_DIR: dir }, expect);
    },
    300_000,
  );

  it.runIf(onPostgres)(
    'on PostgreSQL: nothing lost, nothing sent twice',
    async ({ expect }) => {
      const postgres: ThrowawayPostgres | undefined = await postgresForTest();
      // Missing PostgreSQL fails the test, as a missing Radicale does (test/radicale.ts): a skip would prove nothing.
      if (!postgres)
        throw new Error(
          'No PostgreSQL here: set DATABASE_URL, or install the postgresql package (apt-get install postgresql; .ci/run does).',
        );
      cleanups.push(() => postgres.stop());
      await crashDuringDelivery({ DATABASE_URL: postgres.url }, expect);
    },
    300_000,
  );
});
