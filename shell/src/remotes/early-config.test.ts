import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  remotesConfigRequest,
  remotesConfigUrl,
  requestStartConfigEarly,
  settingsUrl,
  takeEarly,
} from './early-config';
import { resetRemotesForTests, startRemotes } from './load-area';

afterEach(() => {
  vi.unstubAllGlobals();
  void takeEarly(remotesConfigUrl);
  void takeEarly(settingsUrl);
  resetRemotesForTests();
});

/** The calls of `fetchMock` for remotes.json (the settings go out beside it). */
const remotesCalls = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.filter(([url]) => url === '/remotes.json').length;

describe('remotes.json asked for by the first script', () => {
  it('is one request, taken over once by the start-up; a later start asks again', async () => {
    const fetchMock = vi.fn(async () => Response.json({}));
    vi.stubGlobal('fetch', fetchMock);
    requestStartConfigEarly();
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', remotesConfigRequest);
    await startRemotes();
    expect(remotesCalls(fetchMock)).toBe(1); // the start-up used the early answer
    resetRemotesForTests();
    await startRemotes();
    expect(remotesCalls(fetchMock)).toBe(2);
  });

  it('lets the start-up fail and try again when the early request failed', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(Response.json({}));
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    requestStartConfigEarly();
    await expect(startRemotes()).rejects.toThrow('Failed to fetch');
    await expect(startRemotes()).resolves.toMatchObject({ areas: [] });
    expect(remotesCalls(fetchMock)).toBe(2);
  });
});

describe('settings.json asked for by the first script', () => {
  it('goes out beside remotes.json, at the address the shared settings store reads', async () => {
    const { runtimeSettingsUrl } = await import('@lifeboard/shared/stores/config');
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json({}));
    vi.stubGlobal('fetch', fetchMock);
    requestStartConfigEarly();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/remotes.json', runtimeSettingsUrl]);
    expect(takeEarly(settingsUrl)).toBeInstanceOf(Promise);
    expect(takeEarly(settingsUrl)).toBeNull();
  });
});
