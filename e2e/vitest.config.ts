import { defineConfig } from 'vitest/config';

/** Browser tests against the built site: one site (API on a throwaway PGlite folder) for the whole run. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
