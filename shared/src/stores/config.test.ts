import { afterEach, describe, expect, it, vi } from 'vitest';

async function loadModule() {
  vi.resetModules();
  return import('./config');
}

afterEach(() => vi.unstubAllGlobals());

describe('$config', () => {
  it('knows no API address of its own: none until the runtime settings are read', async () => {
    const { $config } = await loadModule();
    expect($config.get()).toEqual({ apiUrl: '', analytics: null });
  });

  it('ignores a build-time API_URL: no environment is compiled in', async () => {
    vi.stubGlobal('API_URL', 'https://api.lifeboard.example/');
    const { $config } = await loadModule();
    expect($config.get().apiUrl).toBe('');
  });

  it('setConfig merges, drops trailing slashes and settles configReady', async () => {
    const { $config, configReady, setConfig } = await loadModule();
    const ready = configReady();
    setConfig({ apiUrl: 'https://api.example.com//' });
    expect($config.get()).toEqual({ apiUrl: 'https://api.example.com', analytics: null });
    await expect(ready).resolves.toEqual({ apiUrl: 'https://api.example.com', analytics: null });
  });
});

describe('loadRuntimeSettings', () => {
  it('reads /settings.json once, applies it, and settles what calls wait for', async () => {
    const { $config, configReady, loadRuntimeSettings, runtimeSettingsRequest } = await loadModule();
    const settings = {
      apiUrl: 'https://api.one.example/',
      analytics: { scriptUrl: 'https://stats.example/script.js', siteId: 'lifeboard.example' },
    };
    const fetchMock = vi.fn(async () => Response.json(settings));
    vi.stubGlobal('fetch', fetchMock);
    const waiting = configReady();
    await loadRuntimeSettings();
    await loadRuntimeSettings();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/settings.json', runtimeSettingsRequest);
    expect($config.get()).toEqual({ ...settings, apiUrl: 'https://api.one.example' });
    await expect(waiting).resolves.toMatchObject({ apiUrl: 'https://api.one.example' });
  });

  it('takes over a request made earlier instead of asking again', async () => {
    const { $config, loadRuntimeSettings } = await loadModule();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await loadRuntimeSettings(Promise.resolve(Response.json({ apiUrl: 'http://10.0.0.2:4000', analytics: null })));
    expect(fetchMock).not.toHaveBeenCalled();
    expect($config.get().apiUrl).toBe('http://10.0.0.2:4000');
  });

  it('fails the waiting calls on a missing or bad file, and a later load tries again', async () => {
    const { configReady, loadRuntimeSettings } = await loadModule();
    const waiting = configReady();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 404 })),
    );
    await expect(loadRuntimeSettings()).rejects.toThrow('/settings.json answered 404');
    await expect(waiting).rejects.toThrow('/settings.json answered 404');
    await expect(configReady()).rejects.toThrow('/settings.json answered 404');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ apiUrl: 'ftp://x', analytics: null })),
    );
    await expect(loadRuntimeSettings()).rejects.toThrow('"apiUrl" must be an absolute http(s) URL');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ apiUrl: 'https://api.example', analytics: { scriptUrl: 'https://s.example/s.js' } }),
      ),
    );
    await expect(loadRuntimeSettings()).rejects.toThrow('"analytics" needs');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ apiUrl: 'https://api.example' })),
    );
    await expect(loadRuntimeSettings()).resolves.toEqual({ apiUrl: 'https://api.example', analytics: null });
    await expect(configReady()).resolves.toMatchObject({ apiUrl: 'https://api.example' });
  });
});
