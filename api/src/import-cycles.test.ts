import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

describe('api/src', () => {
  // A cycle (the model registry importing the modules that import it back) makes load order matter; none may come back.
  it('has no import cycle (madge)', async () => {
    const { stdout } = await promisify(execFile)(
      join('node_modules', '.bin', 'madge'),
      ['--circular', '--json', '--extensions', 'ts', 'src'],
      { maxBuffer: 16 * 1024 * 1024 },
    ).catch((failure: { stdout: string }) => failure);
    expect(JSON.parse(stdout)).toEqual([]);
  }, 120_000);
});
