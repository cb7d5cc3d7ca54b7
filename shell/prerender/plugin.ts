/**
 * The `prerender` build's last step: runs the bundle it just emitted (prerender/entry.tsx, for Node), writes
 * one static document per public page into the shell's dist/, with the public stylesheet beside them, and a
 * `prerendered/routes.json` that scripts/serve-static.mjs reads to answer those paths with them.
 */
import { compressedCopies } from '../../scripts/precompress-plugin';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Compiler, RspackPluginInstance } from '@rspack/core';
import type { PrerenderedPage } from './entry';
import { staticPageFile, staticPageHtml } from './page-html';

export interface PrerenderOptions {
  /** The shell's dist/ (index.html and the boot script are read from it, the pages written to it). */
  dist: string;
  /** The emitted Node bundle's file name in the prerender build's output folder. */
  bundle: string;
  /** The boot script's file name pattern in dist/ (its name carries a content hash). */
  bootScript: RegExp;
}

export class PrerenderPublicPagesPlugin implements RspackPluginInstance {
  constructor(private readonly options: PrerenderOptions) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('PrerenderPublicPagesPlugin', (compilation) => {
      const { dist, bundle, bootScript } = this.options;
      const output = compilation.outputOptions.path;
      if (!output) throw new Error('The prerender build has no output path');
      const css = compilation
        .getAssets()
        .map((asset) => asset.name)
        .filter((name) => name.endsWith('.css'));
      if (css.length !== 1) throw new Error(`The prerender build should emit one stylesheet, not ${css.length}`);
      copyFileSync(join(output, css[0]), join(dist, css[0]));
      const boot = readdirSync(dist).find((name) => bootScript.test(name));
      if (!boot) throw new Error(`No boot script in ${dist}: the public-boot build runs first`);

      const bundlePath = join(output, bundle);
      const require = createRequire(import.meta.url);
      delete require.cache[bundlePath]; // a watch rebuild must run the new bundle
      const { renderPublicPages } = require(bundlePath) as { renderPublicPages: () => PrerenderedPage[] };
      const indexFile = join(dist, 'index.html');
      if (!existsSync(indexFile)) throw new Error(`No ${indexFile}: the app build runs first`);
      const indexHtml = readFileSync(indexFile, 'utf8');

      const routes: Record<string, string> = {};
      for (const page of renderPublicPages()) {
        const file = staticPageFile(page.path);
        mkdirSync(dirname(join(dist, file)), { recursive: true });
        const html = Buffer.from(
          staticPageHtml(indexHtml, {
            title: page.title,
            markup: page.markup,
            stylesheet: `/${css[0]}`,
            bootScript: `/${boot}`,
          }),
        );
        writeFileSync(join(dist, file), html);
        // Written after the app's assets were compressed: the pages get their .br/.gz copies here.
        const { br, gz } = compressedCopies(html);
        writeFileSync(join(dist, `${file}.br`), br);
        writeFileSync(join(dist, `${file}.gz`), gz);
        routes[page.path] = file;
      }
      writeFileSync(join(dist, 'prerendered/routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
    });
  }
}
