import { defineConfig } from 'vitest/config';

// Two projects: `unit` is the fast loop (`npm run check`); `integration` holds the tests that start
// processes, a PostgreSQL server or the content tools many times over (files named
// `*.integration.test.ts`). `npm test` runs both.
const INTEGRATION = 'tests/unit/**/*.integration.test.ts';

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['tests/support/analyse-form-rules.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', isolate: false, include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], exclude: [INTEGRATION] },
      },
      { extends: true, test: { name: 'integration', include: [INTEGRATION] } },
    ],
  },
});
