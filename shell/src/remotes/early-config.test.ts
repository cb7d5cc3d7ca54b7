import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  remotesConfigRequest,
  requestRemotesConfigEarly,
  requestSettingsEarly,
  takeEarlyRemotesConfig,
  takeEarlySettings,
} from './early-config';
import { resetRemotesForTests, startRemotes } from './register';

afterEach(() => {
  vi.unstubAllGlobals();
  void takeEarlyRemotesConfig();
  resetRemotesForTests();
});

describe('remotes.json asked for by the first script', () => {
  it('is one request, taken over once by the start-up; a later start asks again', async () => {
    const fetchMock = vi.fn(async () => Response.json({}));
    vi.stubGlobal('fetch', fetchMock);
    requestRemotesConfigEarly();
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', remotesConfigRequest);
    await startRemotes();
    expect(fetchMock).toHaveBeenCalledTimes(1); // the start-up used the early answer
    resetRemotesForTests();
    await startRemotes();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('lets the start-up fail and try again when the early request failed', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(Response.json({}));
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    requestRemotesConfigEarly();
    await expect(startRemotes()).rejects.toThrow('Failed to fetch');
    await expect(startRemotes()).resolves.toMatchObject({ areas: [] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('settings.json asked for by the first script', () => {
  it('goes out beside remotes.json, at the address the shared settings store reads', async () => {
    const { runtimeSettingsUrl } = await import('@lifeboard/shared/stores/config');
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json({}));
    vi.stubGlobal('fetch', fetchMock);
    requestRemotesConfigEarly();
    requestSettingsEarly();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/remotes.json', runtimeSettingsUrl]);
    expect(takeEarlySettings()).toBeInstanceOf(Promise);
    expect(takeEarlySettings()).toBeNull();
  });
});
