/**
 * Marks the scripts a page load runs nearly whole with V8's explicit compile hint, `//# allFunctionsCalledOnLoad`
 * as the file's first line (https://v8.dev/blog/explicit-compile-hints, Chromium 136+). V8 then compiles all
 * their functions eagerly, on the background thread that streams the script in, instead of one by one on the
 * main thread as each is first called: every module factory of a bundle is such a function (figures in
 * bench/README.md, *Start-up*). Browsers without the hint read a comment.
 *
 * Only chunks named here: a hint on code that does not run at load compiles it for nothing.
 */
import type { Compiler, RspackPluginInstance } from '@rspack/core';
import { namedChunks } from './named-chunks';

export const compileHint = '//# allFunctionsCalledOnLoad\n';

export interface CompileHintsOptions {
  /** Names of the chunks whose scripts get the hint; a name no chunk has fails the build. */
  chunks: readonly string[];
}

export class CompileHintsPlugin implements RspackPluginInstance {
  constructor(private readonly options: CompileHintsOptions) {}

  apply(compiler: Compiler): void {
    const { ConcatSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minifying (which would drop the comment), before the hashes and the compressed copies.
        { name: 'CompileHintsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING },
        () => {
          for (const chunk of namedChunks(compilation, 'CompileHintsPlugin', this.options.chunks)) {
            for (const file of chunk.files) {
              if (file.endsWith('.js'))
                compilation.updateAsset(file, (source) => new ConcatSource(compileHint, source));
            }
          }
        },
      );
    });
  }
}
