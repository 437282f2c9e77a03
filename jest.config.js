// Jest 30 in ESM mode (NODE_OPTIONS=--experimental-vm-modules), TypeScript through @swc/jest.
// swc strips types without checking them: `npm run typecheck` is its own step of `npm test`.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];
const common = {
  extensionsToTreatAsEsm: ['.ts'],
  // @fastify/static require()s content-disposition: 2.x (package.json overrides, decision 181) is CommonJS, so
  // Jest's module runtime loads it as it is (3.x was an ES module that needed compiling here).
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@coop/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@coop/contracts/console$': '<rootDir>/contracts/src/console.ts',
    '^@coop/contracts/share-transfer$': '<rootDir>/contracts/src/share-transfer.ts',
    '^@coop/projections$': '<rootDir>/projections/src/index.ts',
    '^@coop/projections/mongo$': '<rootDir>/projections/src/mongo.ts',
    '^@coop/projections/(members|cooperatives|dividend|share-payments|elma-numbers|share-ledger|tax-papers|settlements|tasks|notifications|church-tax|bank-statements|direct-debits|member-import|payment-reminders|users)$':
      '<rootDir>/projections/src/owned/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  rootDir: '.',
};
export default {
  testTimeout: 30000,
  // On two cores Jest would run every file in its own process (in band), where modules of earlier files stay in memory
  // (VM contexts leak) until the heap runs out past 200 files. With a limit, the files run one at a time in a worker
  // that is replaced once it holds more than this after a file.
  workerIdleMemoryLimit: '1536MB',
  // Two files at a time on two cores: most of a file's time is spent waiting on the product it started (a server, a
  // browser, a child CLI), so the second worker fills that wait. One at a time the run took 1,320 s of Jest at the last
  // stop and would pass 30 minutes of CI with this stop's crash, browser and determinism tests (decision 190).
  maxWorkers: 2,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/**/src/**/*.unit.spec.ts'] },
    {
      ...common,
      displayName: 'int',
      testMatch: [
        '<rootDir>/**/src/**/*.int.spec.ts',
        '<rootDir>/test/contract/**/*.int.spec.ts',
        '<rootDir>/test/architecture/**/*.int.spec.ts',
      ],
    },
    // The API and browser tests run the built server and console: built first when older than their sources (issue 44).
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/api/**/*.e2e.spec.ts'],
      globalSetup: '<rootDir>/test/fresh-build.ts',
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.e2e.spec.ts'],
      globalSetup: '<rootDir>/test/fresh-build.ts',
      // 120 s a test: a page waits up to 30 s for one thing (test/browser/support/timeout.ts).
      setupFilesAfterEnv: ['<rootDir>/test/browser/support/timeout.ts'],
    },
  ],
};
