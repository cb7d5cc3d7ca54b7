import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { apiUrl, sharedSingletons } from '../scripts/federation';
import { baseConfig } from '../scripts/rspack-common';

const dir = dirname(fileURLToPath(import.meta.url));
const base = baseConfig({ dir, port: 3000 });

/**
 * The host. It knows no remote's address: `remotes` is empty and `public/remotes.json` (deploy-time) is
 * read at start-up. `loaded-first` is set here because only the build bakes it into the shared modules.
 */
export default {
  ...base,
  // The shell's HTML is served for every deep path (/admin/users): its scripts must load from the root.
  output: { ...base.output, publicPath: '/' },
  plugins: [
    new ModuleFederationPlugin({
      name: 'shell',
      remotes: {},
      shareStrategy: 'loaded-first',
      shared: sharedSingletons(),
      // Hands the MF runtime-core to every remote, which then does not bundle its own (scripts/rspack-common.ts).
      experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      manifest: false,
      dts: false,
      dev: { disableLiveReload: true, disableHotTypesReload: true, disableDynamicRemoteTypeHints: true },
    }),
    new rspack.DefinePlugin({ API_URL: JSON.stringify(apiUrl) }),
    new rspack.HtmlRspackPlugin({ template: resolve(dir, 'src/index.html') }),
    new rspack.CopyRspackPlugin({ patterns: [{ from: resolve(dir, 'public') }] }),
  ],
} satisfies typeof base;
