import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` is the fast loop (`npm run check`); `integration` holds the tests that start
// processes, a PostgreSQL server or the content tools many times over (files named
// `*.integration.test.ts`). `npm test` runs both.
const INTEGRATION = 'tests/unit/**/*.integration.test.ts';

export default defineConfig({
  test: {
    environment: 'node',
    // A worker per core: Vitest's default keeps one core for its own process, which mostly waits, so
    // on 2 cores the files ran one at a time (docs/developers/architecture.md, Test run time).
    maxWorkers: availableParallelism(),
    // Vitest's 5 s (10 s for hooks) is a verdict on how busy the machine is: at a load of 30 on 2 cores a
    // test that takes 2 s on its own took more. A test that hangs still fails, later.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['tests/support/analyse-form-rules.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', isolate: false, include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], exclude: [INTEGRATION] },
      },
      {
        extends: true,
        // Also one module graph per worker (docs/developers/decisions.md, "The integration files share
        // a module graph per worker"); the PostgreSQL data directory the files' servers start from is
        // made once (tests/support/postgres-template.ts).
        test: { name: 'integration', isolate: false, include: [INTEGRATION], globalSetup: ['tests/support/postgres-template.ts'] },
      },
    ],
  },
});
