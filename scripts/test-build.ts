import { rspack } from '@rspack/core';
import type { RspackOptions, Stats } from '@rspack/core';

/** Runs one Rspack build for a build plugin's test; resolves with its stats, build errors included. */
export function runBuild(config: RspackOptions): Promise<Stats> {
  const compiler = rspack(config);
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats) reject(error ?? new Error('no stats'));
      else resolve(stats);
    });
  });
}
