/** Layer rules, checked in `npm test`: the domain stays free of frameworks, databases and HTTP. */
const FRAMEWORKS = '^(@nestjs|express|better-sqlite3|mongodb|@kurrent|jose|argon2|rxjs|reflect-metadata)';
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'A decider imports no framework, database, HTTP or platform code.',
      severity: 'error',
      from: { path: '^services/src/[^/]+/domain/' },
      to: { pathNot: ['^services/src/[^/]+/domain/', '^contracts/src/', '^node_modules/(ibantools)/', 'node_modules/@coop/contracts'] },
    },
    {
      name: 'contracts-are-plain',
      comment: 'Shared types and rules are used by the console too: no server packages.',
      severity: 'error',
      from: { path: '^contracts/src/' },
      to: { path: FRAMEWORKS, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      from: { path: '^contracts/src/' },
      to: { path: '^(services|projections|admin-ui)/' },
    },
    {
      name: 'projections-know-no-api',
      comment: 'Projectors and the runner run in the API and in the worker: no NestJS, no services code.',
      severity: 'error',
      from: { path: '^projections/src/' },
      to: { path: ['^services/', '^(@nestjs|express)', 'node_modules/@nestjs'] },
    },
    {
      name: 'projectors-are-pure',
      comment: 'A projector computes writes; only the read-store adapters touch a database.',
      severity: 'error',
      from: { path: '^projections/src/(projectors|runner)/' },
      to: { path: ['better-sqlite3', 'mongodb'] },
    },
    {
      name: 'platform-imports-no-area',
      comment:
        'The platform knows no business area: each area registers its projectors, personal data, upcasters and views ' +
        '(platform/areas.ts, <area>/<area>.area.ts), services/src/areas.ts lists them, and the entries hand that list to ' +
        'the platform. The platform imports only itself, contracts, the projections runner and read stores, and packages. ' +
        'Its tests may run against the product\'s areas.',
      severity: 'error',
      from: { path: '^services/src/platform/', pathNot: '\\.spec\\.ts$' },
      to: {
        dependencyTypesNot: ['core'],
        pathNot: ['^services/(src|dist)/platform/', '^contracts/src/', '^projections/src/(index\\.ts$|runner/|read-store/)', '(^|/)node_modules/'],
      },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
