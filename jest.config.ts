import type { Config } from 'jest';

// Type checking is `npm run typecheck` (part of `npm test`); here ts-jest only transpiles.
// Some server dependencies ship only ES modules, which jest's CommonJS runtime cannot require:
// those few are transpiled too (Node itself loads them natively).
const ESM_ONLY_PACKAGES = ['content-disposition'];

const transform: Config['transform'] = {
  '^.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, isolatedModules: true, module: 'commonjs', target: 'ES2022' } }],
  '^.+\\.tsx?$': [
    'ts-jest',
    {
      tsconfig: { isolatedModules: true, module: 'commonjs', moduleResolution: 'node', jsx: 'react-jsx', esModuleInterop: true, target: 'ES2022' },
    },
  ],
};

const project = (displayName: string, roots: string[], testEnvironment: string, extra: Partial<Config> = {}): Config => ({
  displayName,
  roots,
  testEnvironment,
  transform,
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/)`],
  ...extra,
});

const config: Config = {
  projects: [
    project('core', ['<rootDir>/core', '<rootDir>/scripts', '<rootDir>/fixtures'], 'node'),
    project('ui', ['<rootDir>/ui', '<rootDir>/adapters'], 'jsdom'),
    project('server', ['<rootDir>/server'], 'node'),
    project('e2e', ['<rootDir>/e2e'], 'node', { slowTestThreshold: 60 }),
  ],
};

export default config;
