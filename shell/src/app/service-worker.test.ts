import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * shell/public/sw.js's offline part, run with stand-ins for its globals: the network (answers, or none), the
 * Cache Storage (a map per cache name) and the pages it tells that an answer came from its copies.
 */
type Listener = (event: unknown) => void;

function startWorker() {
  const listeners = new Map<string, Listener>();
  const stores = new Map<string, Map<string, Response>>();
  const told: unknown[] = [];
  let online = true;
  let answer = (request: Request) => new Response(JSON.stringify({ from: 'api', url: request.url }));
  const caches = {
    open: (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      const keyOf = (key: Request | string) => (typeof key === 'string' ? key : key.url);
      return Promise.resolve({
        put: (key: Request | string, response: Response) => {
          store.set(keyOf(key), response);
          return Promise.resolve();
        },
        match: (key: Request | string) => Promise.resolve(store.get(keyOf(key))?.clone()),
      });
    },
  };
  const fetch = (request: Request) =>
    online ? Promise.resolve(answer(request)) : Promise.reject(new TypeError('Failed to fetch'));
  const self = {
    location: { origin: 'https://app.example' },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: {},
  };
  const clients = { get: () => Promise.resolve({ postMessage: (message: unknown) => told.push(message) }) };
  const source = readFileSync(path.resolve(__dirname, '../../public/sw.js'), 'utf8');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function('self', 'clients', 'fetch', 'caches', source)(self, clients, fetch, caches);

  /** What the worker answers for a request; null when it leaves it to the browser. */
  async function ask(request: Request): Promise<Response | null> {
    let responded: Promise<Response> | null = null;
    const pending: Promise<unknown>[] = [];
    listeners.get('fetch')?.({
      request,
      clientId: 'page-1',
      respondWith: (promise: Promise<Response>) => {
        responded = promise;
      },
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    });
    if (!responded) return null;
    const response = await (responded as Promise<Response>);
    await Promise.all(pending);
    return response;
  }
  return {
    ask,
    told,
    stores,
    goOffline: () => {
      online = false;
    },
    answerWith: (next: typeof answer) => {
      answer = next;
    },
  };
}

const read = (token: string, body: unknown) =>
  new Request('https://api.example/api/home', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-lifeboard-read': '1', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the service worker offline (issue 31)', () => {
  it('answers a read seen before with its last answer when the network is gone, and tells the page', async () => {
    const worker = startWorker();
    worker.answerWith(
      () => new Response('{"habits":["Stretch"]}', { headers: { 'content-type': 'application/json' } }),
    );
    expect(await (await worker.ask(read('tok-ada', { board: 1 })))?.json()).toEqual({ habits: ['Stretch'] });
    worker.goOffline();
    const kept = await worker.ask(read('tok-ada', { board: 1 }));
    expect(await kept?.json()).toEqual({ habits: ['Stretch'] });
    expect(worker.told).toEqual([
      { type: 'lifeboard:kept-answer', url: 'https://api.example/api/home', keptAt: expect.any(String) },
    ]);
  });

  it("never gives one session's answer to another, nor one call's to another body", async () => {
    const worker = startWorker();
    await worker.ask(read('tok-ada', { board: 1 }));
    worker.goOffline();
    await expect(worker.ask(read('tok-bob', { board: 1 }))).rejects.toThrow('Failed to fetch');
    await expect(worker.ask(read('tok-ada', { board: 2 }))).rejects.toThrow('Failed to fetch');
  });

  it('keeps no write and nothing signed out: those go to the network as they are', async () => {
    const worker = startWorker();
    const write = new Request('https://api.example/api/mood/create', {
      method: 'POST',
      headers: { authorization: 'Bearer tok-ada' },
      body: '{"score":4}',
    });
    expect(await worker.ask(write)).toBeNull();
    const signedOut = new Request('https://api.example/api/site/config', { headers: { 'x-lifeboard-read': '1' } });
    await worker.ask(signedOut);
    expect(worker.stores.get('lifeboard-data-v1')?.size ?? 0).toBe(0);
  });
});
