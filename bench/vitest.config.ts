import { defineConfig } from 'vitest/config';

/** Unit tests of the bench's own logic (sums, targets, tables); the bench itself runs with `pnpm bench`. */
export default defineConfig({
  test: { environment: 'node', include: ['src/**/*.test.ts'] },
});
