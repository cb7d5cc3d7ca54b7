/**
 * Build settings every app shares: the Module Federation `shared` map and the remote Rspack config.
 * Loaded by each app's rspack.config.ts (through the Rspack CLI's TypeScript loader).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sharedSrc = join(repoRoot, 'shared', 'src');

interface PackageJson {
  version: string;
  dependencies: Record<string, string>;
}
const packageJson = (folder: string) =>
  JSON.parse(readFileSync(join(repoRoot, folder, 'package.json'), 'utf8')) as PackageJson;
const sharedPackageVersion = packageJson('shared').version;
const shellDependencies = packageJson('shell').dependencies;

/** The version the shell's package.json pins for a package (or a deep import of one, `react-dom/client`). */
function pinnedVersion(request: string): string {
  const name = request
    .split('/')
    .slice(0, request.startsWith('@') ? 2 : 1)
    .join('/');
  const version = shellDependencies[name];
  if (!version) throw new Error(`shell/package.json has no dependency ${name}, which the apps share.`);
  return version;
}

/** Third-party singletons, at the versions the shell's package.json pins (every app pins the same). */
const packageSingletons = [
  'react',
  'react-dom',
  // Deep imports are not shared unless listed: without these each remote bundles its own react-dom.
  'react-dom/client',
  'react/jsx-runtime',
  'nanostores',
  '@nanostores/react',
  // single-spa patches history once per page; a second copy would patch it again.
  'single-spa',
  'single-spa-react',
];

/**
 * react-router-dom is shared as `shared/src/lib/router.ts`, under the package's own share key and version: a
 * package shared whole keeps every export (≈ 62 kB gzip of data routers and server helpers no app uses),
 * while this module keeps only what the apps import (≈ 14 kB). Still one router on the page for every app.
 */
const routerModule = join(sharedSrc, 'lib', 'router.ts');
const routerVersion = pinnedVersion('react-router-dom');

/**
 * Test helpers and tests live beside the code in `shared/src` but never reach a bundle; nor does the kit's
 * field-kinds.ts, from which `pnpm generate` writes the plain-data field catalog the screens read.
 */
const notShipped = /(\.test\.tsx?|\/test-[a-z-]+\.tsx?|\/ui\/model\/field-kinds\.ts)$/;

function sourceFilesIn(folder: string): string[] {
  return readdirSync(join(sharedSrc, folder))
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(sharedSrc, folder, name))
    .filter((file) => !notShipped.test(file));
}

/**
 * Every module of `shared/` an app may import, shared by its resolved file path, not by request: `shared/`
 * imports its own files relatively (`../stores/session`), and only a path key makes those imports resolve to
 * the one instance the shell provides. Each keeps a readable share key (`@lifeboard/shared/stores/session`).
 * - stores, the HTTP client, the device database: they hold state, so there must be one of each;
 * - the model registry (with the part of zod it uses, ≈ 26 kB gzip), the UI kit and its CSS, the date helpers:
 *   every area uses them, and the shell has usually loaded them already, so an area's first visit must not
 *   download its own copy. The registry's per-model files are reached only through `models/index.ts`.
 * `area/` (an area's single-spa lifecycles and its standalone dev page) is not shared either: only remotes use it,
 * it holds no state, and each remote bundles its few lines rather than fetching them from the shell on a mount.
 * `models/zod.ts` is deliberately not shared: a shared module keeps every export, and `export { z }` would
 * ship all of zod with its locales (≈ 90 kB gzip) instead of the part the registry uses. No app imports it
 * directly; the shared modules above do, inside the shell's own chunks.
 */
function sharedPackageModules(): string[] {
  const models = ['index.ts', 'user.ts', 'fields.ts'].map((name) => join(sharedSrc, 'models', name));
  return [
    ...sourceFilesIn('stores'),
    ...sourceFilesIn('api'),
    ...sourceFilesIn('lib'),
    ...sourceFilesIn('ui'),
    ...sourceFilesIn('ui/model'),
    ...models,
  ];
}

function shareKeyOf(file: string): string {
  const subpath = relative(sharedSrc, file)
    .replace(/\\/g, '/')
    .replace(/(\/index)?\.tsx?$/, '');
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
  for (const name of packageSingletons) {
    shared[name] = { singleton: true, requiredVersion: pinnedVersion(name) };
  }
  shared[routerModule] = {
    singleton: true,
    requiredVersion: routerVersion,
    version: routerVersion,
    shareKey: 'react-router-dom',
  };
  for (const file of sharedPackageModules()) {
    if (file === routerModule) continue;
    shared[file] = {
      singleton: true,
      requiredVersion: false,
      version: sharedPackageVersion,
      shareKey: shareKeyOf(file),
    };
  }
  return shared;
}

/** One module the shell puts in the share scope (Rspack's `ProvideSharedPlugin`, enhanced runtime). */
export interface ProvidedEntry {
  shareKey: string;
  version: string | false;
  singleton: true;
  requiredVersion: string | false;
}

/**
 * What the shell provides: the same modules, keys and versions as `sharedSingletons()`, provided only. The shell
 * is the first code on every page and registers these first; a remote's copy of the same version never replaces
 * them, so a consume of the shell's own modules could only ever answer with them. It went through the MF runtime all the same:
 * one `loadShare` per module the shell imports, about 70 on a page load, each resolving and deep-merging share
 * options, and an async chunk boundary before each module. Provided only, the shell imports them directly
 * and the remotes still get these very instances: the share scope's factory returns the shell's own module
 * (bench/README.md, *Start-up*).
 */
export function providedSingletons(): Record<string, ProvidedEntry> {
  return Object.fromEntries(
    Object.entries(sharedSingletons()).map(([request, entry]) => [
      request,
      {
        shareKey: entry.shareKey ?? request,
        version: entry.version ?? entry.requiredVersion,
        singleton: true,
        requiredVersion: entry.requiredVersion,
      },
    ]),
  );
}

/** Headers the dev servers send so the shell on :3000 may fetch a remote's manifest and chunks. */
export const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};
