import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, uniqueEmail } from '../../../test/helpers';
import { makeAdminThrough } from '../../cli/admin-create';
import { announceRunningApi, findRunningApi, forgetRunningApi, runningApiFile } from './local-admin';

const token = 'a-token-of-this-start';
let app: FastifyInstance;
let url = '';
beforeAll(async () => {
  app = await createTestApp({ localAdminToken: token });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => app.close());

describe('admin:create while the API holds the embedded database', () => {
  it('asks the running API with the token of running-api.json, and the user is an admin at once', async () => {
    const user = await signUp(app);
    expect(await makeAdminThrough({ pid: process.pid, url, token }, user.email.toUpperCase())).toBe(
      `${user.email} is now an admin.`,
    );
    expect((await user.get('/api/user')).json().user.role).toBe('admin');
  });

  it('says so for an unknown e-mail, and refuses a wrong token without changing anyone', async () => {
    await expect(makeAdminThrough({ pid: process.pid, url, token }, uniqueEmail())).rejects.toThrow(
      /No user with e-mail/,
    );
    const user = await signUp(app);
    await expect(makeAdminThrough({ pid: process.pid, url, token: 'guessed' }, user.email)).rejects.toThrow(
      /admin:create command on this machine/,
    );
    expect((await user.get('/api/user')).json().user.role).toBe('user');
  });

  it('finds the announced API only while its process lives, and only its owner can read the file', () => {
    const folder = mkdtempSync(join(tmpdir(), 'lifeboard-running-'));
    try {
      const file = runningApiFile(join(folder, 'pglite'));
      expect(file).toBe(join(folder, 'running-api.json'));
      announceRunningApi(file, { pid: process.pid, url, token });
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(findRunningApi(file)).toEqual({ pid: process.pid, url, token });
      // A process that is gone (pid 2^22 is above Linux's default pid_max) is no running API.
      announceRunningApi(file, { pid: 4_194_305, url, token });
      expect(findRunningApi(file)).toBeNull();
      forgetRunningApi(file);
      expect(findRunningApi(file)).toBeNull();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
