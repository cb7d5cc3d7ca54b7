// @vitest-environment node
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Stats } from '@rspack/core';
import { afterAll, describe, expect, it } from 'vitest';
import { compileHint, CompileHintsPlugin } from './compile-hints-plugin';
import { runBuild } from './test-build';

const dir = mkdtempSync(join(tmpdir(), 'lb-compile-hints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(
  join(dir, 'index.js'),
  'import(/* webpackChunkName: "start" */ "./start.js"); import(/* webpackChunkName: "later" */ "./later.js");',
);
writeFileSync(join(dir, 'start.js'), '/* a comment the minifier drops */ export function start() { return 1; }');
writeFileSync(join(dir, 'later.js'), 'export const later = 2;');

async function build(chunks: string[]): Promise<{ stats: Stats; files: Record<string, string> }> {
  const out = join(dir, `dist-${chunks.join('-')}`);
  const stats = await runBuild({
    mode: 'production',
    context: dir,
    entry: { main: './index.js' },
    output: { path: out, chunkFilename: '[name].[contenthash:8].js' },
    plugins: [new CompileHintsPlugin({ chunks })],
  });
  const files = stats.hasErrors()
    ? {}
    : Object.fromEntries(readdirSync(out).map((name) => [name.split('.')[0], readFileSync(join(out, name), 'utf8')]));
  return { stats, files };
}

describe('CompileHintsPlugin', () => {
  it('puts the hint first in the named chunks’ minified scripts, and nowhere else', async () => {
    const { files } = await build(['main', 'start']);
    expect(files.main.startsWith(compileHint)).toBe(true);
    expect(files.start.startsWith(compileHint)).toBe(true);
    expect(files.start).not.toContain('a comment the minifier drops');
    expect(files.later).not.toContain('allFunctionsCalledOnLoad');
  }, 30_000);

  it('fails the build for a chunk name that no chunk has', async () => {
    const { stats } = await build(['main', 'misnamed']);
    expect(stats.hasErrors()).toBe(true);
    expect(
      stats
        .toJson({ all: false, errors: true })
        .errors?.map((e) => e.message)
        .join('\n'),
    ).toContain('no chunk is named "misnamed"');
  }, 30_000);
});
