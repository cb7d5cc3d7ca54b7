import { afterAll, beforeAll } from 'vitest';
import { setConfig } from '../stores/config';
import { startFakeApi, type FakeApi, type FakeAnswer, type FakeRoute } from './test-api-server';

/**
 * A test file's fake API (test-api-server.ts): started before its tests, with the app's client pointed at it,
 * and closed after them. Call it once at the top of the file; what it returns is that server from the first
 * hook on. Test code only.
 */
export function withFakeApi(routes: Record<string, FakeRoute | FakeAnswer> = {}): FakeApi {
  let started: FakeApi | undefined;
  const server = () => {
    if (!started) throw new Error('The fake API starts in beforeAll: use it in a hook or a test.');
    return started;
  };
  beforeAll(async () => {
    started = await startFakeApi(routes);
    setConfig({ apiUrl: started.url });
  });
  afterAll(() => started?.close());
  return {
    get url() {
      return server().url;
    },
    get requests() {
      return server().requests;
    },
    on: (route, handler) => server().on(route, handler),
    close: () => server().close(),
  };
}
