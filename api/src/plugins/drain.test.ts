import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../../test/processes';

interface Answer {
  status: number;
  connection: string | undefined;
  reused: boolean;
  body: string;
}

/** One request through `agent`; `write` sends the body (it may wait before ending it). */
function request(
  agent: http.Agent,
  url: string,
  method: string,
  write?: (request: http.ClientRequest) => Promise<void>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method, agent, headers: write ? { 'content-type': 'application/json' } : {} });
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          reused: outgoing.reusedSocket,
          body,
        }),
      );
    });
    if (write) void write(outgoing);
    else outgoing.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SIGTERM', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lifeboard-drain-'));
  let api: ApiProcess | undefined;
  afterAll(async () => {
    await api?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets requests in flight finish and answers those on open keep-alive connections 503 with Connection: close', async () => {
    api = await startApiProcess({
      PGLITE_DIR: path.join(dir, 'pglite'),
      UPLOADS_DIR: path.join(dir, 'uploads'),
      SMTP_URL: 'smtp://127.0.0.1:9',
      SHUTDOWN_DRAIN_SECONDS: '2',
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
    // Six kept-alive connections, open and idle.
    const warm = await Promise.all(Array.from({ length: 6 }, () => request(agent, `${api!.url}/api/health`, 'GET')));
    expect(warm.map((answer) => answer.status)).toEqual(Array(6).fill(200));

    // In flight when the signal comes: its headers are in, its body is not yet.
    const inFlight = request(agent, `${api.url}/api/login`, 'POST', async (outgoing) => {
      outgoing.write('{"email":"nobody@example.org",');
      await sleep(800);
      outgoing.end('"password":"not the password"}');
    });
    await sleep(200);
    const exited = new Promise<number | null>((resolve) => api!.child.once('exit', (code) => resolve(code)));
    api.child.kill('SIGTERM');
    await sleep(300);

    // Five more on the idle kept-alive connections after the signal: answered, never reset.
    const after = await Promise.all(Array.from({ length: 5 }, () => request(agent, `${api!.url}/api/health`, 'GET')));
    for (const answer of after) {
      expect(answer.reused).toBe(true);
      expect(answer.status).toBe(503);
      expect(answer.connection).toBe('close');
    }
    const finished = await inFlight;
    // The sign-in was answered as usual (wrong credentials), not cut off.
    expect(finished.status).toBe(422);
    expect(finished.connection).toBe('close');
    expect(await exited).toBe(0);
    agent.destroy();
  }, 120_000);
});
