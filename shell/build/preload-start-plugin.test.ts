// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import type { Stats } from '@rspack/core';
import { afterAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../scripts/test-build';
import { PreloadStartChunksPlugin } from './preload-start-plugin';

const dir = mkdtempSync(join(tmpdir(), 'lb-preload-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(
  join(dir, 'index.js'),
  'import(/* webpackChunkName: "start" */ "./start.js"); import(/* webpackChunkName: "later" */ "./later.js");',
);
writeFileSync(join(dir, 'start.js'), 'import "./start.css"; import "./tokens.css"; export const start = 1;');
writeFileSync(join(dir, 'tokens.css'), ':root { --text: #000 }');
writeFileSync(join(dir, 'start.css'), 'body { margin: 0 }');
writeFileSync(join(dir, 'later.js'), 'export const later = 2;');

async function build(group: string): Promise<{ stats: Stats; html: string }> {
  const out = join(dir, `dist-${group}`);
  const stats = await runBuild({
    mode: 'production',
    context: dir,
    entry: { main: './index.js' },
    output: {
      path: out,
      publicPath: '/',
      chunkFilename: '[name].[contenthash:8].js',
      cssChunkFilename: '[name].[contenthash:8].css',
    },
    module: { rules: [{ test: /\.css$/, type: 'css' }] },
    // As the kit's CSS group does: a chunk of its own inside the start-up's group.
    optimization: {
      splitChunks: { cacheGroups: { tokens: { test: /tokens\.css$/, name: 'tokens', chunks: 'all', enforce: true } } },
    },
    plugins: [new rspack.HtmlRspackPlugin(), new PreloadStartChunksPlugin({ group })],
  });
  return { stats, html: stats.hasErrors() ? '' : readFileSync(join(out, 'index.html'), 'utf8') };
}

describe('PreloadStartChunksPlugin', () => {
  it('preloads every chunk of the group, split ones too, after the entry script, and nothing else', async () => {
    const { html } = await build('start');
    const links = (html.match(/<link [^>]*>/g) ?? []).sort();
    expect(links).toHaveLength(3);
    expect(links[0]).toMatch(/^<link as="script" data-app-start href="\/start\.[0-9a-f]{8}\.js" rel="preload">$/);
    expect(links[1]).toMatch(/^<link as="style" data-app-start href="\/start\.[0-9a-f]{8}\.css" rel="preload">$/);
    expect(links[2]).toMatch(/^<link as="style" data-app-start href="\/tokens\.[0-9a-f]{8}\.css" rel="preload">$/);
    expect(html.indexOf('<link')).toBeGreaterThan(html.indexOf('main.js'));
    expect(html).not.toContain('later');
  }, 30_000);

  it('fails the build for a group name that no group has, instead of shipping a page without its preload', async () => {
    const { stats } = await build('misnamed');
    expect(stats.hasErrors()).toBe(true);
    expect(
      stats
        .toJson({ all: false, errors: true })
        .errors?.map((e) => e.message)
        .join('\n'),
    ).toContain('no chunk group is named "misnamed"');
  }, 30_000);
});
