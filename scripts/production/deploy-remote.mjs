#!/usr/bin/env node
/**
 * `pnpm deploy:remote <area> [--dist <built folder>] [--version <name>]`: builds one remote (mf-goals, or goals)
 * into dist-releases/<app>/<version>/ and switches the site's remotes.json to it (scripts/production/releases.mjs).
 * `--dist` deploys a folder built elsewhere (a team's CI) instead of building here.
 */
import { deployRemote } from './releases.mjs';

const [name, ...rest] = process.argv.slice(2);
const options = { name };
for (let i = 0; i < rest.length; i += 2) {
  if (rest[i] === '--dist') options.dist = rest[i + 1];
  else if (rest[i] === '--version') options.version = rest[i + 1];
  else {
    console.error(`Unknown option ${rest[i]}. Usage: pnpm deploy:remote <area> [--dist <folder>] [--version <name>]`);
    process.exit(2);
  }
}
try {
  deployRemote(options);
} catch (error) {
  console.error(`deploy:remote: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
