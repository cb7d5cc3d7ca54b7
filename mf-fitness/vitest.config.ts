import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // The session and workout journeys click through several screens' requests: 5 s is short on a shared machine.
    testTimeout: 20_000,
  },
});
