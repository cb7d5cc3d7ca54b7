import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/ports.mjs';
import { createTestApp } from '../test/helpers';
import { defaultEnv, derivedSecret, statedChoicesMissing, withProcessSecrets } from './env';

const serverScript = fileURLToPath(new URL('./server.ts', import.meta.url));

/** Runs src/server.ts with exactly `env` (plus PATH) and resolves with its exit code and what it printed. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', serverScript], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('safe by default: the stated choices outside development', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('refuses to start with no settings, in one message naming every missing one, and opens no database', async () => {
    const cwdData = mkdtempSync(path.join(tmpdir(), 'lifeboard-refuse-'));
    dirs.push(cwdData);
    const { code, output } = await runServer({});
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines[0]).toMatch(/^Lifeboard will not start: outside development \(NODE_ENV=production\)/);
    for (const name of ['PAYMENTS_PROVIDER', 'SMTP_URL', 'APP_SECRET', 'DATABASE_URL'])
      expect(output, name).toContain(`  - ${name}`);
    expect(output).toContain('MAIL=off');
    expect(output).toContain('PGLITE_DIR');
    // One message, then nothing: it did not go on to open PGlite or listen.
    expect(output).not.toMatch(/Lifeboard API on/);
  });

  it('names the missing Stripe keys when Stripe is chosen', () => {
    expect(
      statedChoicesMissing({
        NODE_ENV: 'production',
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        MAIL: 'off',
        APP_SECRET: 'a'.repeat(32),
        PGLITE_DIR: '/var/lib/lifeboard',
      }),
    ).toEqual(['STRIPE_WEBHOOK_SECRET: needed with PAYMENTS_PROVIDER=stripe']);
  });

  it('is satisfied by each explicit choice, and asks nothing in development', () => {
    const stated = {
      PAYMENTS_PROVIDER: 'test',
      SMTP_URL: 'smtp://mail.example.org:587',
      APP_SECRET: 'b'.repeat(32),
      DATABASE_URL: 'postgres://lifeboard@db/lifeboard',
    };
    expect(statedChoicesMissing({ NODE_ENV: 'production', ...stated })).toEqual([]);
    expect(statedChoicesMissing({ NODE_ENV: 'test', ...stated, SMTP_URL: undefined })).toEqual([
      expect.stringMatching(/^SMTP_URL/),
    ]);
    expect(statedChoicesMissing({ NODE_ENV: 'development' })).toEqual([]);
    // Every derived secret set on its own stands in for APP_SECRET.
    expect(
      statedChoicesMissing({
        NODE_ENV: 'production',
        ...stated,
        APP_SECRET: undefined,
        ACTION_LINK_SECRET: 'c'.repeat(32),
        CALENDAR_CREDENTIALS_KEY: Buffer.alloc(32, 1).toString('base64'),
        PAYMENTS_TEST_SECRET: 'd'.repeat(32),
      }),
    ).toEqual([]);
  });

  it('starts once every choice is stated (test payments, mail off, one secret, PGlite folder)', async () => {
    const data = mkdtempSync(path.join(tmpdir(), 'lifeboard-stated-'));
    dirs.push(data);
    const child = spawn(process.execPath, ['--import', 'tsx', serverScript], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        PAYMENTS_PROVIDER: 'test',
        MAIL: 'off',
        APP_SECRET: 'e'.repeat(40),
        PGLITE_DIR: path.join(data, 'pglite'),
        UPLOADS_DIR: path.join(data, 'uploads'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const started = new Promise<void>((resolve) => {
      const look = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('MAIL=off: this site sends no mail')) resolve();
      };
      child.stdout.on('data', look);
      child.stderr.on('data', look);
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await Promise.race([started, exited]);
    expect(output).toContain('Lifeboard API on');
    expect(output).toContain('PAYMENTS_PROVIDER=test: payments are not real');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 90_000);
});

describe('secrets derived from APP_SECRET', () => {
  it('derives each secret the same way in every process, and an explicit one overrides', () => {
    const appSecret = 'f'.repeat(40);
    const one = withProcessSecrets(defaultEnv({ APP_SECRET: appSecret }));
    const two = withProcessSecrets(defaultEnv({ APP_SECRET: appSecret }));
    expect(one.ACTION_LINK_SECRET).toBe(two.ACTION_LINK_SECRET);
    expect(one.ACTION_LINK_SECRET).toBe(derivedSecret(appSecret, 'action-links').toString('base64url'));
    expect(one.CALENDAR_CREDENTIALS_KEY).toBe(two.CALENDAR_CREDENTIALS_KEY);
    expect(new Set([one.ACTION_LINK_SECRET, one.PAYMENTS_TEST_SECRET, one.CALENDAR_CREDENTIALS_KEY]).size).toBe(3);
    const explicit = withProcessSecrets(defaultEnv({ APP_SECRET: appSecret, ACTION_LINK_SECRET: 'g'.repeat(32) }));
    expect(explicit.ACTION_LINK_SECRET).toBe('g'.repeat(32));
    // Without APP_SECRET (development, tests) each process makes its own.
    expect(withProcessSecrets(defaultEnv()).ACTION_LINK_SECRET).not.toBe(
      withProcessSecrets(defaultEnv()).ACTION_LINK_SECRET,
    );
  });
});

describe('the test payment routes and the site config', () => {
  it('exist only with PAYMENTS_PROVIDER=test; the site config says which', async () => {
    const testing = await createTestApp({ env: defaultEnv({ PAYMENTS_PROVIDER: 'test' }) });
    const stripe = await createTestApp({
      env: defaultEnv({
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: 'whsec_123',
        MAIL: 'off',
      }),
    });
    try {
      const pay = { method: 'POST' as const, url: '/api/payments/test/pay', payload: {} };
      expect((await testing.inject(pay)).statusCode).toBe(401);
      expect((await stripe.inject(pay)).statusCode).toBe(404);
      expect(
        (
          await stripe.inject({
            method: 'POST',
            url: '/api/payments/webhook/test',
            payload: '{}',
            headers: { 'content-type': 'application/json' },
          })
        ).statusCode,
      ).toBe(404);
      expect((await testing.inject('/api/site/config')).json()).toEqual({
        success: true,
        payments: 'test',
        mail: true,
      });
      expect((await stripe.inject('/api/site/config')).json()).toEqual({
        success: true,
        payments: 'stripe',
        mail: false,
      });
    } finally {
      await testing.close();
      await stripe.close();
    }
  });

  it('refuses PAYMENTS_PROVIDER=stripe without its keys', () => {
    expect(() => defaultEnv({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});
