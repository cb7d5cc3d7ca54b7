import { afterEach, describe, expect, it, vi } from 'vitest';

async function loadModule() {
  vi.resetModules();
  return import('./config');
}

afterEach(() => vi.unstubAllGlobals());

describe('$config', () => {
  it('defaults to the local API when no build-time API_URL is defined', async () => {
    const { $config } = await loadModule();
    expect($config.get().apiUrl).toBe('http://localhost:4000');
  });

  it('takes the build-time API_URL (the DefinePlugin replaces the name)', async () => {
    vi.stubGlobal('API_URL', 'https://api.lifeboard.example/');
    const { $config } = await loadModule();
    expect($config.get().apiUrl).toBe('https://api.lifeboard.example');
  });

  it('setConfig merges and drops trailing slashes', async () => {
    const { $config, setConfig } = await loadModule();
    setConfig({ apiUrl: 'https://api.example.com//' });
    expect($config.get()).toEqual({ apiUrl: 'https://api.example.com' });
  });
});
