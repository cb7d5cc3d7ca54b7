import { defineConfig } from 'vitest/config';

// PGlite takes ~4 s to start; each test file reuses one instance, so files (not tests) are the unit of parallelism.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
