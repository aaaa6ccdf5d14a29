import type { Config } from 'jest';

// Type checking is `npm run typecheck` (part of `npm test`); here ts-jest only transpiles.
const transform: Config['transform'] = {
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
