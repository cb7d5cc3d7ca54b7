/**
 * The Rspack settings every app has in common (TypeScript, CSS files, output, dev server), and the whole
 * config of a remote. Each app's rspack.config.ts stays a few lines that name what differs.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Configuration, RspackPluginInstance, RuleSetRule } from '@rspack/core';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { corsHeaders, repoRoot, sharedSingletons } from './federation';
import { PrecompressPlugin } from './precompress-plugin';

/**
 * The runtime settings of development (`/settings.json`: the API on localhost:4000, no analytics), served as a
 * file by `rspack serve` and copied into every build; scripts/serve-static.mjs answers with the configured ones.
 */
export const devSettingsFile = resolve(repoRoot, 'shell/public/settings.json');

/** `rspack serve` (or NODE_ENV=development) builds for development; everything else for production. */
export const isProduction =
  process.env.NODE_ENV === 'production' || (process.env.NODE_ENV !== 'development' && !process.argv.includes('serve'));

const scriptRule: RuleSetRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  loader: 'builtin:swc-loader',
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic', development: !isProduction } },
    },
    env: { targets: 'chrome >= 111, firefox >= 115, safari >= 16.4' },
  },
  type: 'javascript/auto',
};

/**
 * CSS goes through Rspack's native CSS support, so it is emitted as `.css` files and loaded with <link>:
 * never style-loader, whose injected <style> tags the Content-Security-Policy blocks.
 */
const cssRule: RuleSetRule = { test: /\.css$/, type: 'css' };

/** Plugins of every production build: Brotli and gzip copies of the text assets, for the static server. */
export function productionPlugins(): RspackPluginInstance[] {
  return isProduction ? [new PrecompressPlugin()] : [];
}

export interface AppOptions {
  dir: string;
  port: number;
}

/**
 * `rspack serve` compiles dynamic imports lazily by default (web targets, Rspack 1.5+): an `import()` asks the
 * page's own origin to compile it. A remote's chunks run on the shell's page, whose origin is the shell's dev
 * server, which never answers for them: every area stayed on "taking longer than usual" in `pnpm dev`.
 */
const eagerCompilation = { lazyCompilation: false } as const;

export function baseConfig({ dir, port }: AppOptions): Configuration {
  return {
    context: dir,
    mode: isProduction ? 'production' : 'development',
    devtool: isProduction ? false : 'cheap-module-source-map',
    entry: { main: './src/index.ts' },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: { rules: [scriptRule, cssRule] },
    output: {
      path: resolve(dir, 'dist'),
      publicPath: 'auto',
      filename: isProduction ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: isProduction ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: isProduction ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: isProduction ? '[name].[contenthash:10].css' : '[name].css',
      clean: true,
      uniqueName: `lifeboard_${port}`,
    },
    performance: { hints: false },
    ...eagerCompilation,
    optimization: {
      // LB_NO_MINIFY=1 keeps names readable in CPU profiles (bench/README.md).
      minimize: process.env.LB_NO_MINIFY ? false : undefined,
      splitChunks: {
        cacheGroups: {
          // The UI kit's CSS files are small and imported by many kit modules, each shared on its own: without
          // this group every one of those chunks carries its own copy (the tokens sheet four times per area).
          kitCss: { test: /shared[\\/]src[\\/]ui[\\/].*\.css$/, name: 'kit-css', chunks: 'all', enforce: true },
          // Its modules, likewise: two dozen chunks of about 1 kB, which an area's first screen (ModelScreen)
          // needs nearly all of, gzip better and load faster as one.
          // The schema-driven screens (with their plain-data field catalog) apart from the basic kit, and the schema
          // check of their forms apart again: it alone imports the model registry and zod (~30 kB gzip), and a chunk
          // loads the shared modules any of its modules import.
          kitValidation: {
            test: /shared[\\/]src[\\/]ui[\\/]model[\\/]validate\.ts$/,
            name: 'kit-validation',
            chunks: 'async',
            enforce: true,
            priority: 2,
          },
          kitModels: {
            test: /shared[\\/]src[\\/]ui[\\/](Model[A-Za-z]*\.tsx|model[\\/](display|field-catalog|field-spec|form-values|model-view)\.ts)$/,
            name: 'kit-models',
            chunks: 'async',
            enforce: true,
            priority: 1,
          },
          // Less the parts only some screens draw (the habit strip, the chart's wrapper, sortable lists, a program's cover): each is
          // its own chunk, fetched with the first screen that shows one, so every area's first visit stays lean.
          kit: {
            test: /shared[\\/]src[\\/]ui[\\/](?!(HabitDays|TimeChart|SortableItems|ProgramCover)\.tsx$).*\.tsx?$/,
            name: 'kit',
            chunks: 'async',
            enforce: true,
          },
          // The stores, the HTTP client and the helpers of shared/, each shared on its own (one instance per page),
          // would each be a chunk of 0.5–9 kB, ~20 asked for at once by a signed-in first load and queued six at a
          // time on an HTTP/1.1 origin: they travel as two chunks.
          // - `shared-core`: what the shell's start imports (bootstrap.tsx, the public layout, the sign-in forms),
          //   preloaded by every app page. A module the start comes to import belongs here: otherwise the start
          //   waits for all of `shared-data` (the bench's "shell's first load" shows it).
          // - `shared-data`: the rest (the HTTP client, the data stores, the model catalog and its lookups, the names
          //   of the encrypted fields), fetched with the first screen that reads data, so /login goes without it and
          //   without axios. Not axios itself: a remote's `shared-data` holds the catalog it does not share, which
          //   its first screen loads.
          // The router stays apart: the landing's app needs it without the rest.
          sharedCore: {
            test: /shared[\\/]src[\\/](stores[\\/](session|persistent|config|notifications|offline|theme|board|drafts)|lib[\\/](after-paint|lazy-screen|load-once|date-display|time-zone)|api[\\/](errors|error-codes))\.ts$/,
            name: 'shared-core',
            chunks: 'async',
            enforce: true,
            priority: 1,
          },
          sharedData: {
            test: /shared[\\/]src[\\/]((stores|api|lib)[\\/](?!router\.ts$)[^\\/]+\.tsx?|models[\\/](catalog|traits)\.ts|crypto[\\/]fields\.ts)$/,
            name: 'shared-data',
            chunks: 'async',
            enforce: true,
          },
        },
      },
    },
    devServer: {
      port,
      host: 'localhost',
      headers: corsHeaders,
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      client: { overlay: false },
    },
  };
}

export interface RemoteOptions extends AppOptions {
  /** The Module Federation name: an identifier such as `mf_journal`. */
  name: string;
  /** What the remote exposes; by default its lifecycles and its home widgets. */
  exposes?: Record<string, string>;
  /**
   * Packages only a later screen runs (the journal's editor: Quill, KaTeX), by chunk name: each group is built
   * into `lazy-<name>` chunks, which the shell never preloads (shell/src/remotes/load-area.ts) and which load on
   * the way to that screen.
   */
  onDemand?: Record<string, readonly string[]>;
}

/** A package's files in node_modules, under pnpm's layout too (`.pnpm/<name>@<version>/node_modules/<name>/`). */
function packagesTest(packages: readonly string[]): RegExp {
  const names = packages.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
  return new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);
}

function onDemandGroups(onDemand: Record<string, readonly string[]>) {
  return Object.fromEntries(
    Object.entries(onDemand).map(([name, packages]) => [
      `lazy-${name}`,
      { test: packagesTest(packages), name: `lazy-${name}`, chunks: 'async' as const, enforce: true },
    ]),
  );
}

const defaultExposes = { './lifecycles': './src/lifecycles.tsx', './widgets': './src/widgets.tsx' };

/**
 * In production a remote bundles no Module Federation runtime-core (≈ 18 kB gzip of its 36 kB remoteEntry.js):
 * it uses the one the shell already runs (the shell's `experiments.provideExternalRuntime`), read from
 * the global `_FEDERATION_RUNTIME_CORE`. Development builds keep their own, so a remote's `rspack serve` works
 * alone and against any shell.
 */
export const remoteUsesHostRuntime = isProduction;

/** The file the standalone page of a production build loads first: it provides the runtime-core. */
export const standaloneRuntimeFile = 'standalone-runtime.js';

/** A remote: exposes its single-spa lifecycles and its home widgets; also a standalone dev page. */
export function remoteConfig({
  dir,
  port,
  name,
  exposes = defaultExposes,
  onDemand = {},
}: RemoteOptions): Configuration[] {
  const base = baseConfig({ dir, port });
  const splitChunks = base.optimization?.splitChunks || {};
  const optimization = {
    ...base.optimization,
    splitChunks: { ...splitChunks, cacheGroups: { ...splitChunks.cacheGroups, ...onDemandGroups(onDemand) } },
  };
  const template = resolve(dir, 'src/standalone.html');
  const remote: Configuration = {
    ...base,
    optimization,
    name: 'remote',
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedSingletons(),
        manifest: true,
        dts: false,
        // `target: 'web'` lets the minifier drop the runtime's Node-only script loading.
        experiments: { externalRuntime: remoteUsesHostRuntime, optimization: { target: 'web' } },
        dev: { disableLiveReload: true, disableHotTypesReload: true, disableDynamicRemoteTypeHints: true },
      }),
      // No DefinePlugin of the API's address: the standalone page reads it at start-up from `settings.json`
      // (shared/stores/config.ts), a copy of the development default here, replaced by whoever serves the build.
      new rspack.CopyRspackPlugin({ patterns: [{ from: devSettingsFile, to: 'settings.json' }] }),
      new rspack.HtmlRspackPlugin({
        // Without a shell around it, the standalone page must provide the runtime-core itself, before `main`.
        ...(remoteUsesHostRuntime
          ? {
              templateContent: readFileSync(template, 'utf8').replace(
                '</head>',
                `  <script src="${standaloneRuntimeFile}"></script>\n  </head>`,
              ),
            }
          : { template }),
        chunks: ['main'],
      }),
      ...productionPlugins(),
    ],
  };
  return remoteUsesHostRuntime ? [remote, standaloneRuntimeConfig(dir, port)] : [remote];
}

/** The runtime-core, as the one global the remote's bundle reads; built after the remote, into its folder. */
function standaloneRuntimeConfig(dir: string, port: number): Configuration {
  // The same module the shell's `provideExternalRuntime` hands out, found where the MF plugin finds it.
  const fromEnhanced = createRequire(createRequire(import.meta.url).resolve('@module-federation/enhanced'));
  return {
    name: 'standalone-runtime',
    dependencies: ['remote'], // the remote's build cleans dist/ first
    context: dir,
    mode: 'production',
    devtool: false,
    entry: { 'standalone-runtime': resolve(repoRoot, 'scripts/standalone-runtime.mjs') },
    resolve: {
      extensions: ['.ts', '.js', '.mjs'],
      alias: {
        '@module-federation/runtime-tools/runtime-core$': fromEnhanced.resolve(
          '@module-federation/runtime-tools/runtime-core',
        ),
      },
    },
    module: { rules: [scriptRule] },
    output: {
      path: resolve(dir, 'dist'),
      filename: standaloneRuntimeFile,
      clean: false,
      uniqueName: `lifeboard_${port}_runtime`,
    },
    performance: { hints: false },
    ...eagerCompilation,
  };
}
