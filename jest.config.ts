import { availableParallelism } from 'node:os';
import type { Config } from 'jest';

// Type checking is `npm run typecheck` (part of `npm test`); here esbuild only transpiles (jest.transform.mjs).
const transform: Config['transform'] = { '^.+\\.tsx?$': '<rootDir>/jest.transform.mjs' };

const project = (displayName: string, roots: string[], testEnvironment: string, extra: Partial<Config> = {}): Config => ({
  displayName,
  roots,
  testEnvironment,
  transform,
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  ...extra,
});

// Issue 14: `TEST_STORES=postgres jest --selectProjects server e2e` (the second run of `npm test`)
// starts one Postgres and one Redis for the run; every test server gets a database of its own there
// (server/testing/stores.ts). Without TEST_STORES=postgres the setup does nothing.
const stores: Partial<Config> = {
  globalSetup: '<rootDir>/server/testing/stores-setup.ts',
  globalTeardown: '<rootDir>/server/testing/stores-teardown.ts',
};

// The second run leaves out the e2e files whose only provider work is reading an embed page (the
// layouts, sizes, modals, share dialog, image densities, accessibility), which the embed, playback and
// logging e2e files already do on Postgres, and the two whose stores do not depend on TEST_STORES
// (two-instances always runs on Postgres and Redis; deploy-config starts no provider). It keeps
// `npm test` within CI's 30 minutes on 2 cores: the clean-clone run with every file took 32 minutes.
const SAME_ON_EITHER_STORE = [
  'accessibility',
  'compact-sizes',
  'deploy-config',
  'image-density',
  'layouts',
  'mini-player',
  'modals',
  'share',
  'two-instances',
].map((name) => `/e2e/${name}\\.test\\.ts$`);
const e2eIgnored = process.env.TEST_STORES === 'postgres' ? SAME_ON_EITHER_STORE : [];

const config: Config = {
  // jest's own default is one worker fewer than the cores: on CI's 2 cores a single one, every file in turn. Most of
  // an e2e or server file's time is waiting (a browser, a server, a prompt's 3000 ms), so two files at a time.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  projects: [
    project('core', ['<rootDir>/core', '<rootDir>/scripts', '<rootDir>/fixtures'], 'node'),
    project('ui', ['<rootDir>/ui', '<rootDir>/adapters'], 'jsdom'),
    project('server', ['<rootDir>/server'], 'node', { ...stores, setupFilesAfterEnv: ['<rootDir>/server/testing/jest-timeout.ts'] }),
    project('e2e', ['<rootDir>/e2e'], 'node', { slowTestThreshold: 60, testPathIgnorePatterns: ['/node_modules/', ...e2eIgnored], ...stores }),
  ],
};

export default config;
