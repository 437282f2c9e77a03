import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/**
 * The rules of `.dependency-cruiser.cjs` (run by `npm run depcheck` in `npm test`), each shown to fail: a row writes a
 * small file at `from` importing `to`, cruises it with the project's own configuration and expects the rule among the
 * violations. `to` is a package, a real file, or (with `fixture: true`) a second file written for the row. One more
 * rule is one more row. Fixture folders are named `zz-rule-fixture-*` and removed after the run.
 */
interface Case {
  readonly rule: string;
  readonly from: string;
  readonly to: string;
  /** `to` is a file this row writes too (an empty module), not one of the tree's. */
  readonly fixture?: boolean;
}

const ROOT = process.cwd();
const TAG = `zz-rule-fixture-${process.pid}`;

const CASES: readonly Case[] = [
  {
    rule: 'area-through-its-entry',
    from: `services/src/${TAG}-a/http/a.controller.ts`,
    to: `services/src/${TAG}-b/queries/b.reads.ts`,
    fixture: true,
  },
  {
    rule: 'area-through-its-entry',
    from: `services/src/${TAG}-a/commands/a.commands.ts`,
    to: 'services/src/members/queries/member-reads.ts',
  },
  {
    rule: 'read-model-through-its-owner',
    from: `services/src/${TAG}-a/queries/a.reads.ts`,
    to: 'projections/src/owned/members.ts',
  },
  {
    rule: 'read-model-through-its-owner',
    from: `services/src/${TAG}-a/queries/a.reads.ts`,
    to: 'projections/src/owned/dividend.ts',
  },
  {
    rule: 'read-model-through-its-owner',
    from: `services/src/${TAG}-a/queries/a.reads.ts`,
    to: 'projections/src/owned/share-ledger.ts',
  },
  // The share ledger and the import's command line are held like every area: their exceptions are gone (decision 256).
  {
    rule: 'read-model-through-its-owner',
    from: `services/src/share-ledger/queries/${TAG}/ledger-reads.ts`,
    to: 'projections/src/owned/members.ts',
  },
  {
    rule: 'read-model-through-its-owner',
    from: `services/src/member-import/cli/${TAG}/main.ts`,
    to: 'projections/src/owned/cooperatives.ts',
  },
  // A read entry that reached another area (here directly) could close the circle it exists to avoid.
  {
    rule: 'read-entry-reaches-no-area',
    from: `services/src/${TAG}-a/reads.ts`,
    to: 'services/src/share-ledger/index.ts',
  },
  { rule: 'domain-is-pure', from: `services/src/${TAG}-a/domain/a.decider.ts`, to: '@nestjs/common' },
  {
    rule: 'domain-is-pure',
    from: `services/src/${TAG}-a/domain/a.decider.ts`,
    to: 'services/src/platform/commands/new-id.ts',
  },
  {
    rule: 'domain-is-pure',
    from: `services/src/${TAG}-a/domain/a.decider.ts`,
    to: 'services/src/share-ledger/domain/holding.ts',
  },
  { rule: 'kernel-is-pure', from: `services/src/kernel/${TAG}/helper.ts`, to: 'better-sqlite3' },
  { rule: 'contracts-are-plain', from: `contracts/src/${TAG}/a.ts`, to: '@nestjs/common' },
  { rule: 'contracts-stand-alone', from: `contracts/src/${TAG}/a.ts`, to: 'services/src/kernel/money.ts' },
  { rule: 'projections-know-no-api', from: `projections/src/${TAG}/a.ts`, to: 'services/src/kernel/money.ts' },
  { rule: 'projectors-are-pure', from: `projections/src/projectors/${TAG}/a.projector.ts`, to: 'better-sqlite3' },
  {
    rule: 'platform-imports-no-area',
    from: `services/src/platform/${TAG}/a.ts`,
    to: 'services/src/members/members.area.ts',
  },
  {
    rule: 'platform-imports-no-area',
    from: `services/src/platform/${TAG}/a.ts`,
    to: 'projections/src/projectors/members.projector.ts',
  },
  {
    rule: 'no-circular',
    from: `services/src/${TAG}-a/queries/a.ts`,
    to: `services/src/${TAG}-a/queries/b.ts`,
    fixture: true,
  },
  // The dues and the approval numbers are their owners' too (decision 258): another area reads them through
  // `shareDues` and `elmaNumberDocuments`, never from their entries.
  {
    rule: 'read-model-through-its-owner',
    from: `services/src/dividend/queries/${TAG}/owed.ts`,
    to: 'projections/src/owned/share-payments.ts',
  },
  {
    rule: 'read-model-through-its-owner',
    from: `services/src/fsak/queries/${TAG}/source.ts`,
    to: 'projections/src/owned/elma-numbers.ts',
  },
  // The last readers past the owners (issue 44, decision 262): the movement report reads postings through the share
  // ledger, the FSA report and the register workbook tax papers through the tax papers, the workbook settlements
  // through the settlements, the settlements and member PDFs closures through the dividend area.
  {
    rule: 'read-model-through-its-owner',
    from: `services/src/movement-report/queries/${TAG}/source.ts`,
    to: 'projections/src/owned/share-ledger.ts',
  },
  {
    rule: 'read-model-through-its-owner',
    from: `services/src/fsak/queries/${TAG}/source.ts`,
    to: 'projections/src/owned/tax-papers.ts',
  },
  {
    rule: 'read-model-through-its-owner',
    from: `services/src/member-import/register-workbook/${TAG}/workbook.ts`,
    to: 'projections/src/owned/settlements.ts',
  },
  {
    rule: 'read-model-through-its-owner',
    from: `services/src/settlements/queries/${TAG}/closed-years.ts`,
    to: 'projections/src/owned/dividend.ts',
  },
  // The last collections of the main index have owners too (issue 44, decision 263): the routes that queue a task, the
  // FSA report and the data protection read tasks through the tasks area, the dashboard the member statistics through
  // the members area, the data protection church-data origins through the church-tax area; the rest are read by their
  // owners alone.
  ...['exports/http', 'fsak/queries', 'data-protection/commands'].map((at) => ({
    rule: 'read-model-through-its-owner',
    from: `services/src/${at}/${TAG}/task.ts`,
    to: 'projections/src/owned/tasks.ts',
  })),
  {
    rule: 'read-model-through-its-owner',
    from: `services/src/dashboards/http/${TAG}/dashboard.ts`,
    to: 'projections/src/owned/members.ts',
  },
  {
    rule: 'read-model-through-its-owner',
    from: `services/src/data-protection/commands/${TAG}/church-data.ts`,
    to: 'projections/src/owned/church-tax.ts',
  },
  ...['notifications', 'bank-statements', 'direct-debits', 'member-import', 'payment-reminders', 'users'].map(
    (owner) => ({
      rule: 'read-model-through-its-owner',
      from: `services/src/${TAG}-a/queries/${owner}.ts`,
      to: `projections/src/owned/${owner}.ts`,
    }),
  ),
];

/** Imports the rules allow: another area through its entry or its read entry, the kernel from a domain. */
const ALLOWED: readonly Omit<Case, 'rule'>[] = [
  { from: `services/src/share-payments/${TAG}/dues.ts`, to: 'projections/src/owned/share-payments.ts' },
  { from: `services/src/${TAG}-c/http/c.controller.ts`, to: 'services/src/members/index.ts' },
  { from: `services/src/${TAG}-c/domain/c.decider.ts`, to: 'services/src/kernel/money.ts' },
  { from: `services/src/cooperatives/${TAG}/c.reads.ts`, to: 'projections/src/owned/cooperatives.ts' },
  { from: `services/src/share-ledger/${TAG}/c.reads.ts`, to: 'services/src/members/reads.ts' },
  { from: `services/src/tasks/${TAG}/c.reads.ts`, to: 'projections/src/owned/tasks.ts' },
  // The sign-in is no area: it reads the credentials itself.
  { from: `services/src/auth/${TAG}/c.ts`, to: 'projections/src/owned/users.ts' },
];

let options: ICruiseOptions;
let tsConfig: ReturnType<typeof extractTSConfig>;
const written = new Set<string>();

function write(path: string, text: string): void {
  mkdirSync(dirname(join(ROOT, path)), { recursive: true });
  writeFileSync(join(ROOT, path), text);
  written.add(
    path
      .split('/')
      .slice(0, path.includes(`/${TAG}/`) ? path.split('/').indexOf(TAG) + 1 : 3)
      .join('/'),
  );
}

/** The import of `to` as written in `from`: a package by its name, a file by its relative path with `.js`. */
function specifier(from: string, to: string): string {
  if (!to.includes('/src/')) return to;
  const path = relative(dirname(from), to).replace(/\.ts$/, '.js');
  return path.startsWith('.') ? path : `./${path}`;
}

async function violations(files: readonly string[]): Promise<{ rule: string; from: string; to: string }[]> {
  const result = await cruise([...files], options, {}, { tsConfig });
  return (result.output as ICruiseResult).summary.violations.map((v) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.to,
  }));
}

beforeAll(async () => {
  options = await extractDepcruiseOptions(join(ROOT, '.dependency-cruiser.cjs'));
  tsConfig = extractTSConfig(join(ROOT, 'tsconfig.depcruise.json'));
});

afterAll(() => {
  for (const path of written) rmSync(join(ROOT, path), { recursive: true, force: true });
});

describe('dependency rules', () => {
  it('has a row for every rule of .dependency-cruiser.cjs', () => {
    const rules = (options.ruleSet?.forbidden ?? []).map((r) => r.name);
    expect(new Set(CASES.map((c) => c.rule))).toEqual(new Set(rules));
  });

  it.each(CASES.map((c) => [c.rule, c.from, c.to, c] as const))(
    '%s: %s → %s is reported',
    async (rule, from, to, c) => {
      write(from, `import * as target from '${specifier(from, to)}';\nexport const used = target;\n`);
      if (c.fixture)
        write(
          to,
          rule === 'no-circular'
            ? `import { used } from '${specifier(to, from)}';\nexport const back = used;\n`
            : 'export const b = 1;\n',
        );
      const found = await violations([from]);
      expect(found).toContainEqual(expect.objectContaining({ rule, from }));
    },
  );

  it.each(ALLOWED.map((c) => [c.from, c.to] as const))('allows %s → %s', async (from, to) => {
    write(from, `import * as target from '${specifier(from, to)}';\nexport const used = target;\n`);
    expect(await violations([from])).toEqual([]);
  });

  it('no-circular: a circle of console files (.tsx, imported without extension) is reported', async () => {
    // Issue 44: 33 console files formed one circle through `layout/Layout.tsx` while the cruise resolved no .tsx.
    write(`admin-ui/src/${TAG}/Screen.tsx`, "import { Shell } from './Shell';\nexport const Screen = () => Shell;\n");
    write(`admin-ui/src/${TAG}/Shell.tsx`, "import { Screen } from './Screen';\nexport const Shell = () => Screen;\n");
    expect(await violations([`admin-ui/src/${TAG}/Screen.tsx`])).toContainEqual(
      expect.objectContaining({ rule: 'no-circular', from: `admin-ui/src/${TAG}/Screen.tsx` }),
    );
  });
  it('the main @coop/projections index exports no collection that an owned entry holds', async () => {
    // A collection left in the main index is imported past its owner without the rule seeing it (issue 44).
    const collections = (entry: Record<string, unknown>): string[] =>
      Object.entries(entry).flatMap(([name, v]) =>
        typeof v === 'object' && v !== null && 'fields' in v && 'name' in v ? [name] : [],
      );
    const main = new Set(collections(await import('@coop/projections')));
    const leaked: string[] = [];
    for (const file of readdirSync(join(ROOT, 'projections/src/owned'))) {
      const area = file.replace(/\.ts$/, '');
      const owned = (await import(`@coop/projections/${area}`)) as Record<string, unknown>;
      expect(collections(owned).length).toBeGreaterThan(0);
      for (const name of collections(owned)) if (main.has(name)) leaked.push(`${name} (/${area})`);
    }
    expect(leaked).toEqual([]);
  });

  it("the main @coop/projections index exports no collection at all: each is its owning area's", async () => {
    // Issue 44, decision 263: a collection with no owned entry is read from the main index by any area, unseen.
    const main = (await import('@coop/projections')) as Record<string, unknown>;
    const collections = Object.entries(main).flatMap(([name, v]) =>
      typeof v === 'object' && v !== null && 'fields' in v && 'name' in v ? [name] : [],
    );
    expect(collections).toEqual([]);
  });

  // The real tree is cruised by `npm run depcheck`, the step of `npm test` before Jest (not cruised twice here).
});
