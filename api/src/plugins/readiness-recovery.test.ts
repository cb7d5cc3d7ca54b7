import { afterAll, describe, expect, it } from 'vitest';
import { ownPostgres, startApiProcess, type ApiProcess, type OwnPostgres } from '../../test/processes';

async function readiness(api: ApiProcess): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${api.url}/api/health/ready`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const postgres: OwnPostgres | undefined = await ownPostgres();
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(!postgres)('readiness while PostgreSQL goes away and comes back', () => {
  it('answers 503 while the database is away and 200 again once it is back, with no restart', async () => {
    if (!postgres) return;
    cleanups.push(() => postgres.stop());
    const api = await startApiProcess({
      DATABASE_URL: postgres.url,
      SMTP_URL: 'smtp://127.0.0.1:9',
      INSTANCE_NAME: 'api-a',
    });
    cleanups.push(() => api.stop());
    // Listening comes before the job thread has started the queue: ready follows shortly.
    await until('ready at start', async () => (await readiness(api)).status === 200, 30_000);
    const before = await readiness(api);
    expect(before).toEqual({
      status: 200,
      body: { ok: true, checks: { database: 'ok', queue: 'ok' }, instance: { name: 'api-a', pid: api.child.pid } },
    });

    postgres.down();
    await until('503 with the database away', async () => (await readiness(api)).status === 503, 20_000);
    expect((await readiness(api)).body).toMatchObject({ ok: false, checks: { database: 'failing' } });

    postgres.up();
    await until('200 with the database back', async () => (await readiness(api)).status === 200, 30_000);
    // The same process answered throughout: it recovered on its own.
    expect(api.child.exitCode).toBeNull();
    expect((await readiness(api)).body).toMatchObject({ instance: { pid: api.child.pid } });
    // And it serves again: an account can be made.
    const signUp = await fetch(`${api.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Back Again',
        email: `back-${Date.now()}@example.org`,
        password: 'a long enough passphrase 42',
      }),
    });
    expect(signUp.status).toBe(201);
  }, 180_000);
});
