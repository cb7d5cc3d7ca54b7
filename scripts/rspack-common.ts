/**
 * The Rspack settings every app has in common (TypeScript, CSS files, output, dev server), and the whole
 * config of a remote. Each app's rspack.config.ts stays a few lines that name what differs.
 */
import { resolve } from 'node:path';
import type { Configuration, RuleSetRule } from '@rspack/core';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { apiUrl, corsHeaders, sharedSingletons } from './federation';

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

export interface AppOptions {
  dir: string;
  port: number;
}

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
}

/** A remote: exposes its single-spa lifecycles and its home widgets; also a standalone dev page. */
export function remoteConfig({ dir, port, name }: RemoteOptions): Configuration {
  const base = baseConfig({ dir, port });
  return {
    ...base,
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: { './lifecycles': './src/lifecycles.tsx', './widgets': './src/widgets.tsx' },
        shared: sharedSingletons(),
        manifest: true,
        dts: false,
        dev: { disableLiveReload: true, disableHotTypesReload: true, disableDynamicRemoteTypeHints: true },
      }),
      new rspack.DefinePlugin({ API_URL: JSON.stringify(apiUrl) }),
      new rspack.HtmlRspackPlugin({ template: resolve(dir, 'src/standalone.html'), chunks: ['main'] }),
    ],
  };
}
