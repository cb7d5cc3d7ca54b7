/**
 * Adds `<link rel="preload">` tags to index.html for the chunks every page of the app starts with: every chunk of
 * the start-up's chunk group (the bootstrap's `import()`), so the browser fetches them beside the entry script
 * instead of after it has run. The entry only asks for them once the Module Federation runtime has started
 * (~30 ms of script on a 2-core machine), and then as a chain: the bootstrap, the shared packages it consumes,
 * the stores those import. Preloaded, they are in memory when asked for (bench/README.md, "Start-up").
 * The whole group, not a list of names: a chunk that a split puts into the start-up (a CSS cache group that the
 * public layout's tokens fall into) is then preloaded too, instead of being fetched only after the entry has run.
 * The tags carry `data-app-start`, by which the prerendered public pages leave them out (prerender/page-html.ts).
 */
import type { Chunk, Compilation, Compiler, RspackPluginInstance } from '@rspack/core';
import { rspack } from '@rspack/core';

const appStartAttribute = 'data-app-start';

export interface PreloadStartOptions {
  /** The name of the start-up's chunk group: the `webpackChunkName` of the entry's `import()` of it. */
  group: string;
}

/**
 * The chunks of that group. A name no group has is a build error, not a silent no-op: a renamed import would
 * otherwise quietly stop being preloaded.
 */
function groupChunks(compilation: Compilation, name: string): Chunk[] {
  const group = compilation.namedChunkGroups.get(name);
  if (group) return [...group.chunks];
  compilation.errors.push(
    new compilation.compiler.webpack.WebpackError(`PreloadStartChunksPlugin: no chunk group is named "${name}"`),
  );
  return [];
}

export class PreloadStartChunksPlugin implements RspackPluginInstance {
  constructor(private readonly options: PreloadStartOptions) {}

  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('PreloadStartChunksPlugin', (compilation) => {
      const hooks = rspack.HtmlRspackPlugin.getCompilationHooks(compilation);
      hooks.alterAssetTagGroups.tap('PreloadStartChunksPlugin', (data) => {
        const tags = groupChunks(compilation, this.options.group).flatMap((chunk) => {
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
