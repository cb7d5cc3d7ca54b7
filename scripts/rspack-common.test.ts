// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { baseConfig } from './rspack-common';

describe('the Rspack settings every app shares', () => {
  it('turns lazy compilation off: under `pnpm dev` a remote’s import() would ask the shell’s dev server to compile it', () => {
    expect(baseConfig({ dir: '/tmp/app', port: 3001 }).lazyCompilation).toBe(false);
  });
});
