/**
 * Layer rules, checked in `npm test` (`npm run depcheck`) and shown failing on violating imports by
 * `test/architecture/dependency-rules.int.spec.ts` (one row there per rule here).
 */
/** Server packages, by name (unresolved) or as resolved under node_modules. */
const FRAMEWORKS =
  '(^|node_modules/)(@nestjs|express|better-sqlite3|mongodb|@kurrent|jose|jsonwebtoken|passport|passport-jwt|argon2|rxjs|reflect-metadata)(/|$)';
/**
 * The folders under `services/src/` that are not business areas: the platform, the cross-cutting sign-in and
 * administration, the demo data and the shared kernel. Every other folder is an area (users, cooperatives,
 * elma-numbers, members, share-ledger, tax-papers, dashboards, and those to come); its folder name is group $1.
 */
const NOT_AN_AREA = '(?:platform|auth|admin|demo|kernel)';
const AREA = `^services/src/(?!${NOT_AN_AREA}/)([^/]+)/`;
/** What a pure part (a domain, the kernel) may import: the shared kernel, contracts and ibantools. */
const PURE = ['^services/src/kernel/', '^contracts/src/', '^node_modules/(ibantools)/', 'node_modules/@coop/contracts'];
module.exports = {
  forbidden: [
    {
      name: 'area-through-its-entry',
      comment:
        'An area uses another only through its public entry (its index.ts: its module, exported providers and types) or ' +
        'its read entry (reads.ts: its typed readers alone, rule `read-entry-reaches-no-area`, decision 256).',
      severity: 'error',
      from: { path: AREA },
      to: { path: AREA, pathNot: ['^services/src/$1/', '^services/src/[^/]+/(index|reads)\\.ts$'] },
    },
    {
      name: 'read-entry-reaches-no-area',
      comment:
        "An area's read entry (reads.ts) exports its typed readers to the areas its index.ts depends on (the share ledger " +
        "reads members through members/reads.ts, as the members' commands use the share ledger; the member PDFs read " +
        'settlements through settlements/reads.ts, as the settlement statement uses their page frame): nothing it ' +
        'reaches, directly or not, belongs to another area, so it closes no import circle (decision 256).',
      severity: 'error',
      from: { path: '^services/src/([^/]+)/reads\\.ts$' },
      to: { reachable: true, path: AREA, pathNot: '^services/src/$1/' },
    },
    {
      name: 'read-model-through-its-owner',
      comment:
        "An area reads another area's read model only through the reader its owner exports from its index.ts (decision " +
        "248) or reads.ts (decision 256): the member list (`@coop/projections/members`) is the members area's " +
        "(`memberDocuments`), the cooperatives (`/cooperatives`) the cooperatives area's (`cooperativeDocuments`, " +
        "`ownCooperative`), the closures and their member results (`/dividend`) the dividend area's (`dividendClosures`, " +
        "`dividendResults`), the postings (`/share-ledger`) the share ledger's (`balanceDocuments`), the tax papers " +
        "(`/tax-papers`) the tax-papers area's (`exemptionOrderDocuments`, `nonAssessmentDocuments`), the settlements " +
        "(`/settlements`) the settlements area's (`settlementDocuments`; decision 257), the dues (`/share-payments`) the " +
        "share payments area's (`shareDues`), the approval numbers (`/elma-numbers`) their area's " +
        "(`elmaNumberDocuments`, `approvalNumberOf`; decision 258), the tasks (`/tasks`) the tasks area's " +
        "(`taskDocuments`, `toTaskDto`, `completedTasks`), the member statistics (`/members`) the members area's " +
        "(`memberStatistics`, `postingSumsAsOf`), the church-data origins (`/church-tax`) the church-tax area's " +
        '(`churchTaxOrigins`; decision 263); the notifications, bank statements, direct debits, imports, payment ' +
        "reminders and terms, users and the calculation's inputs are read by their owners alone (the sign-in, no area, " +
        'reads the credentials). Each entry under projections/src/owned/ is named for its owning area, and the main ' +
        '`@coop/projections` index exports no collection at all, only the read store, the runner and the projectors ' +
        '(decisions 262, 263; test/architecture/dependency-rules.int.spec.ts). No exceptions: the import run reads ' +
        'members through memberDocuments too (decision 260).',
      severity: 'error',
      from: {
        path: AREA,
        pathNot: '\\.spec\\.ts$',
      },
      to: { path: '^projections/src/owned/', pathNot: '^projections/src/owned/$1\\.ts$' },
    },
    {
      name: 'domain-is-pure',
      comment:
        'A decider imports no framework, database, HTTP or platform code, and no other area: its own domain, the kernel and contracts.',
      severity: 'error',
      from: { path: '^services/src/([^/]+)/domain/', pathNot: '\\.spec\\.ts$' },
      to: { pathNot: ['^services/src/$1/domain/', ...PURE] },
    },
    {
      name: 'kernel-is-pure',
      comment:
        'The shared kernel (dates, money, the member stream both member areas fold) is imported by domains: it is as pure as they are.',
      severity: 'error',
      from: { path: '^services/src/kernel/', pathNot: '\\.spec\\.ts$' },
      to: { pathNot: PURE },
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
        "Its tests may run against the product's areas.",
      severity: 'error',
      from: { path: '^services/src/platform/', pathNot: '\\.spec\\.ts$' },
      to: {
        dependencyTypesNot: ['core'],
        pathNot: [
          '^services/(src|dist)/platform/',
          '^contracts/src/',
          '^projections/src/((index|mongo)\\.ts$|runner/|read-store/)',
          '(^|/)node_modules/',
        ],
      },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.d.ts'] },
  },
};
