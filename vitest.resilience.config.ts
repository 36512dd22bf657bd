import { defineConfig } from 'vitest/config';

// Resilience tests (tests/resilience): the real server in its own process, killed, restarted,
// flooded. `npm run test:resilience` runs the full length; RESILIENCE=short the quick one in `npm test`.
export default defineConfig({
  test: {
    include: ['tests/resilience/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/resilience/support/global-setup.ts'],
    // One file at a time: each loads the machine on purpose, and timings must not be shared.
    fileParallelism: false,
    testTimeout: 30 * 60_000,
    hookTimeout: 5 * 60_000,
  },
});
