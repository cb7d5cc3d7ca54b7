import { createServer } from 'node:http';
import type { Server } from 'node:http';

/**
 * Lets a spec really stop the API and start it again (the issue: "kill the API while typing, bring it back").
 * Specs run in worker processes, the API belongs to the global set-up: this loopback server between them
 * answers `POST /stop` and `POST /start` once the API is down or up again, on the same port and database.
 */
export interface ApiProcess {
  stop(): Promise<void>;
  start(): Promise<void>;
}

export function startApiSwitch(api: ApiProcess): Promise<{ url: string; server: Server }> {
  let busy: Promise<void> = Promise.resolve();
  const server = createServer((request, response) => {
    const action =
      request.method === 'POST'
        ? { '/stop': () => api.stop(), '/start': () => api.start() }[request.url ?? '']
        : undefined;
    if (!action) {
      response.writeHead(404).end();
      return;
    }
    // One change at a time: a start asked while a stop is under way waits for it.
    busy = busy.then(action, action);
    busy.then(
      () => response.writeHead(204).end(),
      (error: unknown) => response.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error)),
    );
  });
  return new Promise((resolveStart) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolveStart({ url: `http://127.0.0.1:${port}`, server });
    });
  });
}

/** From a spec: stops (`down`) or starts (`up`) the site's API and resolves once that is done. */
export async function switchApi(switchUrl: string, to: 'down' | 'up'): Promise<void> {
  const response = await fetch(`${switchUrl}/${to === 'down' ? 'stop' : 'start'}`, { method: 'POST' });
  if (response.status !== 204) throw new Error(`e2e: turning the API ${to} failed: ${await response.text()}`);
}
