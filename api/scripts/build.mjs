#!/usr/bin/env node
/**
 * The API for production: src/server.ts and the admin CLI compiled to plain JavaScript in dist/ (esbuild),
 * run with `node dist/server.js` (no TypeScript loader at run time). The workspace's @lifeboard/shared
 * (TypeScript sources) is compiled in; every npm dependency stays an import of node_modules, so native and
 * WebAssembly packages (argon2, PGlite) load their files as usual. The migrations are read from ../drizzle.
 */
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
rmSync(join(root, 'dist'), { recursive: true, force: true });

await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'src/server.ts',
    'job-worker': 'src/job-worker.ts',
    worker: 'src/worker.ts',
    'cli/migrate': 'src/cli/migrate.ts',
    'cli/admin-create': 'src/cli/admin-create.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  // Some dependencies are CommonJS and call require(): give the ESM bundle one.
  banner: {
    js: "import { createRequire as __lbCreateRequire } from 'node:module'; const require = __lbCreateRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'external-packages',
      setup(pluginBuild) {
        // Bare imports are node_modules packages, left as imports; the workspace's shared sources are compiled in.
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@lifeboard/shared') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log(`API built into dist/ in ${Date.now() - started} ms`);
