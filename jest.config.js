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
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@coop/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@coop/projections$': '<rootDir>/projections/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  rootDir: '.',
};
export default {
  testTimeout: 30000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/**/src/**/*.unit.spec.ts'] },
    { ...common, displayName: 'int', testMatch: ['<rootDir>/**/src/**/*.int.spec.ts', '<rootDir>/test/contract/**/*.int.spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/api/**/*.e2e.spec.ts'] },
    { ...common, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.e2e.spec.ts'] },
  ],
};
