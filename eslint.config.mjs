// Lint (issue 15): typescript-eslint's recommended type-checked rules over every TypeScript file, the React hooks
// rules over the widget, and eslint-config-prettier last so that no lint rule argues with the formatter
// (`npm run format:check`). Run by `npm test` through `npm run lint`.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // Built output, installed packages, test artifacts and the recorded sessions (data, not code).
  globalIgnores(['dist/', 'node_modules/', 'data/', 'e2e/artifacts/', 'fixtures/sessions/**/*.jsonl', 'coverage/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each file is checked in the tsconfig.json nearest to it (core/tsconfig.json for the pure engine, the
        // root one for the rest and for core's tests, which core/tsconfig.json leaves out); the config files at
        // the root that no tsconfig includes get the default project.
        projectService: { allowDefaultProject: ['*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      // The codebase's convention for a binding kept on purpose: an _-prefixed name (a rest sibling dropped
      // from a copy, a parameter an interface passes and this implementation does not read).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Cases grouped under a comment ("// Logging ... leave the state as it is") share one body; a case that
      // falls through with statements is already a compile error (tsconfig noFallthroughCasesInSwitch).
      'no-fallthrough': ['error', { allowEmptyCase: true }],
      // Off: an async function without await is how this code implements a Promise-returning interface (a
      // fastify plugin or hook, the in-memory realtime bus, a fake fetch), where a throw must become a rejection
      // rather than escape synchronously, which is what `async` guarantees and the rule would have removed.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests and their helpers read the JSON bodies and websocket frames of the server under test as `any`: the
    // expectation that follows is the check of their shape, and a decoder in the test would restate the
    // server's codec instead of asserting what it sent. Production code keeps these rules.
    files: ['**/*.test.{ts,tsx}', '**/test-*.ts', '**/*-test-client.ts', '**/testing/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['ui/**/*.{ts,tsx}', 'adapters/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Plain JavaScript (build.mjs, this file): no types to check.
    files: ['**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  prettier,
);
