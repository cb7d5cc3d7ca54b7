import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * shell/public/sw.js's offline part, run with stand-ins for its globals: the network (answers, or none) and the
 * Cache Storage (a map per cache name).
 */
type Listener = (event: unknown) => void;

function startWorker() {
  const listeners = new Map<string, Listener>();
  const stores = new Map<string, Map<string, Response>>();
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
  const clients = {};
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
    stores,
    goOffline: () => {
      online = false;
    },
    answerWith: (next: typeof answer) => {
      answer = next;
    },
  };
}

describe('the service worker and the API (issue 31)', () => {
  it("leaves the API's calls to the network, reads and writes alike: the page keeps their answers itself", async () => {
    const worker = startWorker();
    const read = new Request('https://api.example/api/journal_entry/list', {
      headers: { authorization: 'Bearer tok-ada' },
    });
    const write = new Request('https://api.example/api/mood/create', {
      method: 'POST',
      headers: { authorization: 'Bearer tok-ada' },
      body: '{"score":4}',
    });
    expect(await worker.ask(read)).toBeNull();
    expect(await worker.ask(write)).toBeNull();
    expect(worker.stores.size).toBe(0);
  });

  it('answers an app file it kept when the network is gone', async () => {
    const worker = startWorker();
    worker.answerWith(() => new Response('{"journal":"https://app.example/journal/remoteEntry.js"}'));
    await worker.ask(new Request('https://app.example/remotes.json'));
    worker.goOffline();
    const kept = await worker.ask(new Request('https://app.example/remotes.json'));
    expect(await kept?.json()).toEqual({ journal: 'https://app.example/journal/remoteEntry.js' });
  });
});
