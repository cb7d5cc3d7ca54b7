import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Configuration } from '@rspack/core';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { providedSingletons } from '../scripts/federation';
import { baseConfig, isProduction, productionPlugins } from '../scripts/rspack-common';
import { PreloadStartChunksPlugin } from './build/preload-start-plugin';
import { PrerenderPublicPagesPlugin } from './prerender/plugin';

const dir = dirname(fileURLToPath(import.meta.url));
const base = baseConfig({ dir, port: 3000 });
const dist = resolve(dir, 'dist');

/**
 * The packages every page of the app starts with, shared with the remotes one by one, in one chunk: as ten chunks
 * (react, react-dom and its client, the JSX runtime, the router, nanostores, single-spa…) they were fetched six at
 * a time from an HTTP/1.1 origin, and every cold load waited for the last of three rounds.
 */
const appStartModules =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|react-router-dom|nanostores|@nanostores[\\/]react|single-spa|single-spa-react)[\\/]|shared[\\/]src[\\/]lib[\\/]router\.ts$/;
const baseCacheGroups = base.optimization?.splitChunks ? base.optimization.splitChunks.cacheGroups : {};

/**
 * The host. It knows no remote's address and no API's: `remotes` is empty, and `public/remotes.json` and
 * `public/settings.json` (deploy-time; scripts/serve-static.mjs answers with the configured ones) are read at start-up. `loaded-first` is set in the build, where it takes effect: with `version-first`, sharing
 * initialisation fetched every registered remote's entry, and one remote that was down left the shell blank.
 * It provides the singletons and consumes none (`providedSingletons`, scripts/federation.ts).
 */
const app = {
  ...base,
  name: 'app',
  optimization: {
    ...base.optimization,
    splitChunks: {
      cacheGroups: {
        ...baseCacheGroups,
        appStart: { test: appStartModules, name: 'app-start', chunks: 'async', enforce: true, priority: 3 },
      },
    },
  },
  // The shell's HTML is served for every deep path (/admin/users): its scripts must load from the root.
  output: { ...base.output, publicPath: '/' },
  plugins: [
    new ModuleFederationPlugin({
      name: 'shell',
      remotes: {},
      shareStrategy: 'loaded-first',
      shared: {},
      // Hands the MF runtime-core to every remote, which then does not bundle its own (scripts/rspack-common.ts).
      experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      manifest: false,
      dts: false,
      dev: { disableLiveReload: true, disableHotTypesReload: true, disableDynamicRemoteTypeHints: true },
    }),
    new rspack.sharing.ProvideSharedPlugin({ enhanced: true, provides: providedSingletons() }),
    new rspack.HtmlRspackPlugin({ template: resolve(dir, 'src/index.html') }),
    // What every app page starts with beside the entry (index.ts's `import()` of the bootstrap), preloaded by index.html.
    new PreloadStartChunksPlugin({ group: 'bootstrap' }),
    new rspack.CopyRspackPlugin({ patterns: [{ from: resolve(dir, 'public') }] }),
    ...productionPlugins(),
  ],
} satisfies Configuration;

/** The one script of a prerendered public page (src/public-boot.ts): plain, no federation, into dist/. */
const publicBoot: Configuration = {
  ...base,
  name: 'public-boot',
  dependencies: ['app'], // the app's build cleans dist/ first
  entry: { 'public-boot': './src/public-boot.ts' },
  output: { ...base.output, path: dist, publicPath: '/', clean: false, uniqueName: 'lifeboard_public_boot' },
  optimization: {},
  plugins: productionPlugins(),
};

/** The public pages rendered to static HTML at build time (prerender/): Node bundle, then pages into dist/. */
const prerender: Configuration = {
  ...base,
  name: 'prerender',
  dependencies: ['app', 'public-boot'],
  // Built for the web so that Rspack emits the pages' CSS (a Node target drops it). It runs in Node: one chunk,
  // no chunk loading, and react-dom/server's Node build (the browser build's MessageChannel would keep the
  // build process alive), whose Node built-ins stay plain requires.
  target: 'web',
  externalsPresets: { node: true },
  resolve: { ...base.resolve, alias: { 'react-dom/server$': 'react-dom/server.node' } },
  entry: { prerender: './prerender/entry.tsx' },
  output: {
    path: resolve(dir, 'node_modules/.cache/prerender'),
    publicPath: '/',
    filename: '[name].cjs',
    cssFilename: 'public.[contenthash:10].css',
    library: { type: 'commonjs2' },
    clean: true,
  },
  optimization: { splitChunks: false },
  plugins: [
    new PrerenderPublicPagesPlugin({ dist, bundle: 'prerender.cjs', bootScript: /^public-boot\.[0-9a-f]+\.js$/ }),
  ],
};

// `rspack serve` (development) serves the app alone: every path, public pages included, renders in the browser.
export default isProduction ? [app, publicBoot, prerender] : app;
