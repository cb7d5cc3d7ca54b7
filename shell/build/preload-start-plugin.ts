/**
 * Adds `<link rel="preload">` tags to index.html for the chunks every page of the app starts with, so the browser
 * fetches them beside the entry script instead of after it has run. The entry only asks for them once the
 * Module Federation runtime has started (~30 ms of script on a 2-core machine), and then as a chain: the
 * bootstrap, the shared packages it consumes, the stores those import. Preloaded, they are in memory when asked
 * for (bench/README.md, "Start-up").
 * Only named chunks that every app page loads belong here: a preload no page uses costs every page the bytes.
 * The tags carry `data-app-start`, by which the prerendered public pages leave them out (prerender/page-html.ts).
 */
import type { Chunk, Compilation, Compiler, RspackPluginInstance } from '@rspack/core';
import { rspack } from '@rspack/core';

const appStartAttribute = 'data-app-start';

export interface PreloadStartOptions {
  /** Names of the chunks to preload (`webpackChunkName`, or `name` of a `splitChunks` cache group). */
  chunks: readonly string[];
}

/**
 * The chunks of these names. A name no chunk has is a build error, not a silent no-op: a renamed chunk would
 * otherwise quietly stop being preloaded.
 */
function namedChunks(compilation: Compilation, names: readonly string[]): Chunk[] {
  return names.flatMap((name) => {
    const chunk = compilation.namedChunks.get(name);
    if (chunk) return [chunk];
    compilation.errors.push(
      new compilation.compiler.webpack.WebpackError(`PreloadStartChunksPlugin: no chunk is named "${name}"`),
    );
    return [];
  });
}

export class PreloadStartChunksPlugin implements RspackPluginInstance {
  constructor(private readonly options: PreloadStartOptions) {}

  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('PreloadStartChunksPlugin', (compilation) => {
      const hooks = rspack.HtmlRspackPlugin.getCompilationHooks(compilation);
      hooks.alterAssetTagGroups.tap('PreloadStartChunksPlugin', (data) => {
        const tags = namedChunks(compilation, this.options.chunks).flatMap((chunk) => {
          const files = [...chunk.files].sort();
          const preload = (as: 'script' | 'style', file: string) =>
            rspack.HtmlRspackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as,
              href: `${data.publicPath}${file}`,
              [appStartAttribute]: true,
            });
          return [
            ...files.filter((file) => file.endsWith('.js')).map((file) => preload('script', file)),
            ...files.filter((file) => file.endsWith('.css')).map((file) => preload('style', file)),
          ];
        });
        // After the entry script: on an HTTP/1.1 origin the entry must not queue behind its own chunks.
        data.headTags.push(...tags);
        return data;
      });
    });
  }
}
