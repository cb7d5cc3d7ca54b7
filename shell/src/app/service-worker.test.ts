import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryCaches } from '@lifeboard/shared/lib/test-caches';

/**
 * shell/public/sw.js's offline part, run with stand-ins for its globals: the network (answers, or none) and the
 * Cache Storage (a map per cache name).
 */
type Listener = (event: unknown) => void;

const origin = 'https://app.example';

function startWorker() {
  const listeners = new Map<string, Listener>();
  let online = true;
  let answer = (request: Request) => new Response(JSON.stringify({ from: 'api', url: request.url }));
  const caches = memoryCaches(origin);
  const fetch = (request: Request) =>
    online ? Promise.resolve(answer(request)) : Promise.reject(new TypeError('Failed to fetch'));
  const navigator = {
    get onLine() {
      return online;
    },
  };
  const self = {
    location: { origin },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: {},
  };
  const clients = {};
  const source = readFileSync(path.resolve(__dirname, '../../public/sw.js'), 'utf8');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function('self', 'clients', 'fetch', 'caches', 'navigator', source)(self, clients, fetch, caches, navigator);

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

  /** The page's message with the files it loaded; settles once the worker has kept them. */
  async function loaded(urls: string[]): Promise<void> {
    const pending: Promise<unknown>[] = [];
    listeners.get('message')?.({
      data: { type: 'lifeboard:keep-loaded', urls },
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    });
    await Promise.all(pending);
  }
  /** The page's word that offline use was turned off; settles once the worker answered. */
  async function forget(): Promise<unknown> {
    const pending: Promise<unknown>[] = [];
    const answer = new Promise((resolve) => {
      listeners.get('message')?.({
        data: { type: 'lifeboard:forget-kept' },
        ports: [{ postMessage: resolve }],
        waitUntil: (promise: Promise<unknown>) => pending.push(promise),
      });
    });
    await Promise.all(pending);
    return answer;
  }
  return {
    ask,
    loaded,
    forget,
    stores: caches.stores,
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
    await worker.loaded(['https://app.example/remotes.json']);
    worker.goOffline();
    const kept = await worker.ask(new Request('https://app.example/remotes.json'));
    expect(await kept?.json()).toEqual({ journal: 'https://app.example/journal/remoteEntry.js' });
  });
});

describe('the service worker and the site’s files (issue 35)', () => {
  const remotes = '{"mf_journal":"https://journal.example/mf-manifest.json"}';
  const chunk = 'https://journal.example/2643.172174b659.js';

  it('stays out of the way of the page’s files while online, and keeps what the page says it loaded', async () => {
    const worker = startWorker();
    const asked: string[] = [];
    worker.answerWith((request) => {
      asked.push(request.url);
      return new Response(request.url.endsWith('/remotes.json') ? remotes : `file ${request.url}`);
    });
    for (const url of ['https://app.example/remotes.json', 'https://app.example/main.b7fb6163d8.js', chunk])
      expect(await worker.ask(new Request(url))).toBeNull();
    expect(asked).toEqual([]);
    // The remote's chunk comes before remotes.json in the list: the worker reads remotes.json first all the same.
    await worker.loaded([chunk, 'https://app.example/main.b7fb6163d8.js', 'https://app.example/remotes.json']);
    worker.goOffline();
    expect(await (await worker.ask(new Request(chunk)))?.text()).toBe(`file ${chunk}`);
    expect(await (await worker.ask(new Request('https://app.example/main.b7fb6163d8.js')))?.text()).toBe(
      'file https://app.example/main.b7fb6163d8.js',
    );
  });

  it('keeps a content-hashed file once, and an entry afresh each time, so the entry offline is the newest one', async () => {
    const worker = startWorker();
    const asked: string[] = [];
    let version = 1;
    worker.answerWith((request) => {
      asked.push(request.url);
      if (request.url.endsWith('/remotes.json')) return new Response(remotes);
      return new Response(`version ${version}`);
    });
    const entry = 'https://journal.example/mf-manifest.json';
    await worker.loaded(['https://app.example/remotes.json', entry, chunk]);
    version = 2;
    await worker.loaded(['https://app.example/remotes.json', entry, chunk]);
    expect(asked.filter((url) => url === chunk)).toHaveLength(1);
    expect(asked.filter((url) => url === entry)).toHaveLength(2);
    worker.goOffline();
    expect(await (await worker.ask(new Request(entry)))?.text()).toBe('version 2');
    expect(await (await worker.ask(new Request(chunk)))?.text()).toBe('version 1');
  });

  it('keeps no file of another site, and none of the API', async () => {
    const worker = startWorker();
    worker.answerWith((request) => new Response(request.url.endsWith('/remotes.json') ? remotes : 'a file'));
    await worker.loaded([
      'https://app.example/remotes.json',
      'https://pictures.example/photo.jpg',
      'https://app.example/api/site/config',
    ]);
    expect([...(worker.stores.get('lifeboard-shell-v1')?.keys() ?? [])]).toEqual(['https://app.example/remotes.json']);
    expect(worker.stores.get('lifeboard-assets-v1')?.size ?? 0).toBe(0);
  });

  it('answers a navigation from the network, and offline from the kept page or the app’s HTML', async () => {
    const worker = startWorker();
    worker.answerWith((request) => new Response(`page ${new URL(request.url).pathname}`));
    // A page's own Request cannot have the mode of a navigation: the browser's does.
    const navigate = (url: string) => ({ url, method: 'GET', mode: 'navigate', headers: new Headers() }) as Request;
    const journal = navigate('https://app.example/journal');
    await worker.loaded(['https://app.example/index.html']);
    expect(await (await worker.ask(journal))?.text()).toBe('page /journal');
    worker.goOffline();
    expect(await (await worker.ask(journal))?.text()).toBe('page /journal');
    const never = navigate('https://app.example/habits');
    expect(await (await worker.ask(never))?.text()).toBe('page /index.html');
  });

  it('keeps no page while the page hands over no file (offline use off: a worker there for push only)', async () => {
    const worker = startWorker();
    worker.answerWith((request) => new Response(`page ${new URL(request.url).pathname}`));
    const journal = { url: 'https://app.example/journal', method: 'GET', mode: 'navigate', headers: new Headers() };
    expect(await (await worker.ask(journal as Request))?.text()).toBe('page /journal');
    expect(worker.stores.size).toBe(0);
    worker.goOffline();
    await expect(worker.ask(journal as Request)).rejects.toThrow();
    // Nor after that failed offline navigation: back online, its page is still not kept.
    expect(worker.stores.size).toBe(0);
  });

  it('forgets all it kept when offline use is turned off, and a hand-over under way keeps nothing more', async () => {
    const worker = startWorker();
    await worker.loaded(['https://app.example/remotes.json', 'https://app.example/main.0123456789.js']);
    expect([...worker.stores.keys()].sort()).toEqual(['lifeboard-assets-v1', 'lifeboard-shell-v1']);
    const files = Array.from({ length: 20 }, (_, index) => `https://app.example/chunk-${index}.0123456789.js`);
    const underWay = worker.loaded(files);
    expect(await worker.forget()).toBe('forgotten');
    await underWay;
    expect(worker.stores.size).toBe(0);
  });
});
