import { defineConfig } from 'vitest/config';

// Resilience tests (tests/resilience): the real server in its own process, killed, restarted,
// flooded. `npm run test:resilience` runs the full length; RESILIENCE=short the quick one in `npm test`.
// The short run leaves out the two runs whose point is load held for a fixed time (the soak's memory
// trend, the three-process scale run): they take the same wall time on any machine, and the full run
// and `npm run test:scale` keep them (docs/developers/decisions.md, "npm test leaves the timed load runs to the resilience run").
const SHORT = process.env.RESILIENCE === 'short';
const TIMED_LOAD = ['tests/resilience/soak.test.ts', 'tests/resilience/scale.test.ts'];
// Files whose verdict is a time measured against the server's own (a 408 within its timeout, a path
// within 5× of a 404), or load held for a fixed time: each runs with the machine to itself.
const ALONE = ['tests/resilience/slow-clients.test.ts', 'tests/resilience/hostile-probes.test.ts', ...TIMED_LOAD];

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['tests/resilience/support/global-setup.ts'],
    testTimeout: 30 * 60_000,
    hookTimeout: 5 * 60_000,
    projects: [
      {
        extends: true,
        // Faults and hostile input, whose verdicts are counts (every lead stored once, every e-mail
        // sent once, every hostile request answered as it should be). Most of their time is spent
        // waiting (a lease, an SMTP outage, a due time, a poll), so the short run gives them two at
        // a time; the full run keeps one at a time, so the figures it prints are each file's alone
        // (docs/developers/decisions.md, "The short resilience run gives its fault files two at a time").
        test: {
          name: 'faults',
          include: ['tests/resilience/**/*.test.ts'],
          exclude: ALONE,
          fileParallelism: SHORT,
          maxWorkers: SHORT ? 2 : 1,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // After the faults, one file at a time.
        test: {
          name: 'alone',
          include: SHORT ? ALONE.filter((file) => !TIMED_LOAD.includes(file)) : ALONE,
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
