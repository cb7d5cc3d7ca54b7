import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../../test/processes';

describe('the request log', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lifeboard-request-log-'));
  const processes: ApiProcess[] = [];
  afterAll(async () => {
    for (const api of processes) await api.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes one JSON line per request in production, with its request id, and none in development', async () => {
    const production = await startApiProcess({
      PGLITE_DIR: path.join(dir, 'production'),
      UPLOADS_DIR: path.join(dir, 'uploads'),
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
    processes.push(production);
    const answer = await fetch(`${production.url}/api/user`, { headers: { 'x-request-id': 'req-from-the-proxy-42' } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('x-request-id')).toBe('req-from-the-proxy-42');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = production
      .output()
      .split('\n')
      .filter((line) => line.includes('req-from-the-proxy-42'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      reqId: 'req-from-the-proxy-42',
      msg: 'request',
      method: 'GET',
      route: '/api/user',
      status: 401,
    });

    const development = await startApiProcess({
      NODE_ENV: 'development',
      PGLITE_DIR: path.join(dir, 'development'),
      UPLOADS_DIR: path.join(dir, 'uploads'),
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
    processes.push(development);
    await fetch(`${development.url}/api/user`, { headers: { 'x-request-id': 'req-in-development-7' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(development.output()).not.toContain('req-in-development-7');
  }, 180_000);
});
