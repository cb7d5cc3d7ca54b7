#!/usr/bin/env node
/**
 * `node scripts/production/site-folders.mjs <folder>`: lays the built site out as the nginx configuration
 * (deploy/nginx/lifeboard.conf.template) serves it, for the site's image (deploy/site.Dockerfile) or a copy to
 * a server: `<folder>/shell/` (LIFEBOARD_SITE_ROOT), `<folder>/areas/remotes/<app>/` and
 * `<folder>/areas/releases/remotes.json` (LIFEBOARD_AREAS_ROOT), every area on its own build.
 */
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildRow, remoteApps, repoRoot, writeAtomically } from './common.mjs';

const target = process.argv[2];
if (!target) {
  console.error('usage: node scripts/production/site-folders.mjs <folder>');
  process.exit(2);
}
const out = resolve(target);
for (const app of ['shell', ...remoteApps]) {
  const dist = join(repoRoot, app, 'dist');
  if (!existsSync(dist)) throw new Error(`${dist} does not exist: build first (pnpm build)`);
  cpSync(dist, app === 'shell' ? join(out, 'shell') : join(out, 'areas/remotes', app), { recursive: true });
}
mkdirSync(join(out, 'areas/releases'), { recursive: true });
const rows = Object.fromEntries(remoteApps.map((app) => [app.replace('-', '_'), buildRow(app)]));
writeAtomically(join(out, 'areas/releases/remotes.json'), `${JSON.stringify(rows, null, 2)}\n`);
console.log(`the site is laid out in ${out}`);
