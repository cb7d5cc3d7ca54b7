import { describe, expect, it } from 'vitest';
import { $config, setConfig } from './config';

describe('$config', () => {
  it('defaults to the local API when no build-time API_URL is defined', () => {
    expect($config.get().apiUrl).toBe('http://localhost:4000');
  });

  it('setConfig merges and drops trailing slashes', () => {
    setConfig({ apiUrl: 'https://api.example.com//' });
    expect($config.get()).toEqual({ apiUrl: 'https://api.example.com' });
  });
});
