// jest's transform for .ts and .tsx (jest.config.ts): esbuild strips the types, as it does for dist/ (build.mjs).
// Type checking is `npm run typecheck`. esbuild transpiles a file in about a twentieth of ts-jest's time, and
// CI starts with no jest cache, so every file the tests load is transpiled on each run.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { transformSync, version } from 'esbuild';

const OPTIONS = {
  format: 'cjs',
  target: 'es2022',
  sourcemap: 'external',
  // import() becomes a require, as tsc's CommonJS output has it: jest runs the tests without ES module support.
  supported: { 'dynamic-import': false },
  // As tsconfig.base.json: the automatic JSX runtime; "use strict" in every module, as tsc's CommonJS output has.
  tsconfigRaw: { compilerOptions: { jsx: 'react-jsx', alwaysStrict: true, useDefineForClassFields: true } },
};
const SELF = createHash('sha256')
  .update(readFileSync(new URL(import.meta.url)))
  .update(version)
  .digest('hex');

export default {
  /** @param {string} source @param {string} path */
  getCacheKey(source, path) {
    return createHash('sha256').update(SELF).update('\0').update(path).update('\0').update(source).digest('hex');
  },
  /** @param {string} source @param {string} path */
  process(source, path) {
    const { code, map } = transformSync(source, { ...OPTIONS, loader: path.endsWith('.tsx') ? 'tsx' : 'ts', sourcefile: path });
    return { code, map };
  },
};
