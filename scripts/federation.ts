/**
 * Build settings every app shares: the Module Federation `shared` map and the remote Rspack config.
 * Loaded by each app's rspack.config.ts (through the Rspack CLI's TypeScript loader).
 */
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sharedSrc = join(repoRoot, 'shared', 'src');
const sharedPackageVersion = '0.1.0';

/** Third-party singletons, with the exact versions pinned in every package.json. */
const packageSingletons: Record<string, string> = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  // Deep imports are not shared unless listed: without these each remote bundles its own react-dom.
  'react-dom/client': '19.3.1',
  'react/jsx-runtime': '19.3.1',
  'react-router-dom': '7.18.5',
  nanostores: '1.5.5',
  '@nanostores/react': '1.1.0',
  // single-spa patches history once per page; a second copy would patch it again.
  'single-spa': '6.0.3',
  'single-spa-react': '6.0.2',
};

/**
 * The modules of `shared/` that hold state (stores, the HTTP client, the device database) or are large
 * (the model registry). They are shared by their resolved file path, not by request: `shared/` imports its
 * own files relatively (`../stores/session`), and only a path key makes those imports resolve to the one
 * instance the shell provides. Each keeps a readable share key (`@lifeboard/shared/stores/session`).
 */
function sharedPackageModules(): string[] {
  const files: string[] = [];
  for (const folder of ['stores', 'api']) {
    for (const name of readdirSync(join(sharedSrc, folder))) {
      if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(join(sharedSrc, folder, name));
    }
  }
  files.push(join(sharedSrc, 'lib', 'device-db.ts'), join(sharedSrc, 'models', 'index.ts'));
  return files;
}

function shareKeyOf(file: string): string {
  const subpath = relative(sharedSrc, file).replace(/\\/g, '/').replace(/(\/index)?\.tsx?$/, '');
  return `@lifeboard/shared/${subpath}`;
}

export interface SharedEntry {
  singleton: true;
  requiredVersion: string | false;
  version?: string;
  shareKey?: string;
}

export function sharedSingletons(): Record<string, SharedEntry> {
  const shared: Record<string, SharedEntry> = {};
  for (const [name, version] of Object.entries(packageSingletons)) {
    shared[name] = { singleton: true, requiredVersion: version };
  }
  for (const file of sharedPackageModules()) {
    shared[file] = { singleton: true, requiredVersion: false, version: sharedPackageVersion, shareKey: shareKeyOf(file) };
  }
  return shared;
}

/** Headers the dev servers send so the shell on :3000 may fetch a remote's manifest and chunks. */
export const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};

export const apiUrl = process.env.API_URL || 'http://localhost:4000';
