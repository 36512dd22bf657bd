import { defineConfig } from 'vitest/config';

// Resilience tests (tests/resilience): the real server in its own process, killed, restarted,
// flooded. `npm run test:resilience` runs the full length; RESILIENCE=short the quick one in `npm test`.
// The short run leaves out the two runs whose point is load held for a fixed time (the soak's memory
// trend, the three-process scale run): they take the same wall time on any machine, and the full run
// and `npm run test:scale` keep them (docs/developers/decisions.md, "npm test leaves the timed load runs to the resilience run").
const TIMED_LOAD = ['tests/resilience/soak.test.ts', 'tests/resilience/scale.test.ts'];

export default defineConfig({
  test: {
    include: ['tests/resilience/**/*.test.ts'],
    exclude: process.env.RESILIENCE === 'short' ? TIMED_LOAD : [],
    environment: 'node',
    globalSetup: ['tests/resilience/support/global-setup.ts'],
    // One file at a time: each loads the machine on purpose, and timings must not be shared.
    fileParallelism: false,
    testTimeout: 30 * 60_000,
    hookTimeout: 5 * 60_000,
  },
});
