#!/usr/bin/env node
/** `pnpm rollback:remote <area>`: the area goes back to the version it ran before its last deploy:remote. */
import { rollbackRemote } from './releases.mjs';

try {
  rollbackRemote({ name: process.argv[2] });
} catch (error) {
  console.error(`rollback:remote: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
