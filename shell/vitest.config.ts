import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    // scripts/ (the static server the shell is deployed with) has no runner of its own.
    include: [
      'src/**/*.test.{ts,tsx}',
      'build/**/*.test.ts',
      'prerender/**/*.test.ts',
      '../scripts/*.test.ts',
      '../scripts/production/*.test.ts',
    ],
  },
});
