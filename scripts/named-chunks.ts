/**
 * The chunks a build plugin was told to act on by name (`webpackChunkName`, or a `splitChunks` cache group's
 * `name`). A name no chunk has is a build error, not a silent no-op: a renamed chunk would otherwise quietly
 * lose what the plugin does for it.
 */
import type { Chunk, Compilation } from '@rspack/core';

export function namedChunks(compilation: Compilation, plugin: string, names: readonly string[]): Chunk[] {
  return names.flatMap((name) => {
    const chunk = compilation.namedChunks.get(name);
    if (chunk) return [chunk];
    compilation.errors.push(new compilation.compiler.webpack.WebpackError(`${plugin}: no chunk is named "${name}"`));
    return [];
  });
}
