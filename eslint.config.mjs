// Lint (issue 15): typescript-eslint's recommended type-checked rules over every TypeScript file, the React hooks
// rules over the widget, and eslint-config-prettier last so that no lint rule argues with the formatter
// (`npm run format:check`). Run by `npm test` through `npm run lint`.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Built output, installed packages, test artifacts and the recorded sessions (data, not code).
    ignores: ['dist/', 'node_modules/', 'data/', 'e2e/artifacts/', 'fixtures/sessions/**/*.jsonl', 'coverage/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
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
  },
  {
    files: ['ui/**/*.{ts,tsx}', 'adapters/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Plain JavaScript (build.mjs, this file): no types to check.
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
