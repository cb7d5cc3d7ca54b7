import { atom } from 'nanostores';

export interface Config {
  /** Base URL of the API, without a trailing slash. */
  apiUrl: string;
}

/** Replaced at build time by the shell's Rspack DefinePlugin; absent in tests and standalone tools. */
declare const API_URL: string | undefined;

const defaultApiUrl = 'http://localhost:4000';

function buildTimeApiUrl(): string {
  // `typeof` of an undeclared name is safe: no ReferenceError when no bundler defined it.
  return typeof API_URL === 'string' && API_URL ? API_URL : defaultApiUrl;
}

export const $config = atom<Config>({ apiUrl: buildTimeApiUrl().replace(/\/+$/, '') });

export function setConfig(partial: Partial<Config>): void {
  const next = { ...$config.get(), ...partial };
  $config.set({ ...next, apiUrl: next.apiUrl.replace(/\/+$/, '') });
}
