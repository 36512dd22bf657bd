// npm run lint: TypeScript's and React's rules of the road, on every source file we write, and no
// regular expression whose time can grow faster than its input where the server, the engine or a script runs.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', 'engine/generated/', 'test-results/', 'playwright-report/', 'bench/results/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat['recommended-latest'],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_name` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
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
);
