// npm run lint: TypeScript's and React's rules of the road, on every source file we write; no
// regular expression whose time can grow faster than its input where the server, the engine or a script runs;
// no promise left floating in the code that runs; and the folders' import boundaries (docs/developers/architecture.md).
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The code that runs in a browser or the server, checked with type information; tests, bench and
// scripts are checked without it, which keeps `npm run lint` within the fast loop.
/** Where React components and hooks are written (a test that imports React would be added here). */
const REACT = ['engine/**/*.{ts,tsx}', 'apps/**/*.{ts,tsx}', 'tooling/**/*.{ts,tsx}'];
const RUNTIME = ['engine/**/*.{ts,tsx}', 'apps/**/*.{ts,tsx}', 'contracts/**/*.ts', 'tooling/**/*.{ts,tsx}', 'server/**/*.ts'];

/** An import of one of these top-level folders, from anywhere below the folder linted. */
const importOf = (folders, why) => ({ regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`, message: why });

/** A Node built-in, with or without its `node:` prefix: the engine runs in the browser too, so it imports none. */
const NODE_BUILTIN = {
  regex: `^(node:.*|(${builtinModules.filter((m) => !m.startsWith('_')).join('|')})(/.*)?)$`,
  message:
    'The engine runs in the browser as well as in Node: it imports no Node built-in. Code that needs one belongs in server/ or tooling/.',
};

/** Each folder and the folders it must not import: a dependency points from an app or the server towards the engine and the contracts, never back. */
const BOUNDARIES = [
  [
    'engine',
    ['apps', 'server', 'tooling'],
    'The engine runs in the browser and the server alike: it imports neither an app, nor the server, nor the tools.',
  ],
  ['apps', ['server', 'tooling'], 'A browser app speaks to the server through contracts/, never by importing it.'],
  ['server', ['apps', 'tooling'], 'The server imports the engine and contracts/, never a browser app or the tools.'],
  ['contracts', ['engine', 'apps', 'server', 'tooling'], 'A contract is shared by browser and server, so it imports nothing of either.'],
];

export default tseslint.config(
  {
    ignores: ['dist/', 'dist-*/', 'engine/generated/', 'test-results/', 'test-results-*/', 'playwright-report/', 'bench/results/', 'data/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // React lives in the engine, the admin apps and the tooling's catalogue only; the hooks rules (the
  // compiler's among them, a third of a cold lint's time) have nothing to find anywhere else.
  { ...reactHooks.configs.flat['recommended-latest'], files: REACT },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_name` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-properties': [
        'error',
        {
          object: 'URL',
          property: 'canParse',
          message:
            'Once optimised, Node 20 and 22 answer false for a host with a Latin-1 letter (https://bücher.example/): use parseUrl (engine/parse-url.ts).',
        },
      ],
    },
  },
  {
    files: [
      'server/**/*.ts',
      'engine/**/*.{ts,tsx}',
      'apps/**/*.{ts,tsx}',
      'contracts/**/*.ts',
      'tooling/**/*.{ts,tsx}',
      'scripts/**/*.ts',
    ],
    ...regexp.configs['flat/recommended'],
    rules: {
      ...regexp.configs['flat/recommended'].rules,
      // A request's bytes reach these patterns: backtracking that grows with the square of the input is a denial of service.
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignoreSticky: false }],
      // Spelling preferences only ([0-9] or \d, [A-Za-z] or the i flag, a group kept for reading): no behaviour to fix.
      'regexp/prefer-d': 'off',
      'regexp/prefer-w': 'off',
      'regexp/use-ignore-case': 'off',
      'regexp/no-unused-capturing-group': 'off',
    },
  },
  ...BOUNDARIES.map(([folder, forbidden, why]) => ({
    files: [`${folder}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [importOf(forbidden, why), ...(folder === 'engine' ? [NODE_BUILTIN] : [])] }] },
  })),
  {
    // Tests start the server as `npm start` does (docs/developers/decisions.md, "Tests start the server through createServer").
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+server/app(\\.[jt]s)?$',
              importNames: ['createApp'],
              message: 'A test starts the server through createServer (startServer in tests/unit/server/helpers.ts), as npm start does.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one exception: the check of a form field's pattern keeps its verdicts on disk
    // (node_modules/.cache) and starts its analyser on first use; it runs only where content is
    // checked, inside the loader every build, script and server shares (docs/developers/decisions.md).
    files: ['engine/content/pattern-safety.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [importOf(BOUNDARIES[0][1], BOUNDARIES[0][2])] }] },
  },
  {
    files: RUNTIME,
    languageOptions: {
      parserOptions: {
        // The lint tests check snippets under these names, which are no files of the project.
        projectService: { allowDefaultProject: ['server/example.ts', 'server/api/example.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A promise nobody awaits loses its error: await it, or mark it `void` where a failure is handled inside.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
);
