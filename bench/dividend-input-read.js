// Issue 44 (decision 258): the dividend's calculation reads each member's `dividend_inputs` document through its typed
// reader (readDividendInput) before the engine's input is made from it (toMemberInput, factsOf); before, toMemberInput
// read the stored document itself with a private str(). This bench times that per-member step both ways on the same
// documents, as the calculation's scan hands them over (parsed from the stored JSON): the old module is main's
// member-input.ts at the merge base (`git show <base>:…`, transpiled into bench/.data/), the new one this build's
// services/dist. 200,000 members (10 postings, one order each in a third), a warm-up of each, then rounds interleaved
// old/new/new/old twice, the best of each kept. No target: evidence that the typed read costs the calculation nothing.
// `node bench/dividend-input-read.js` (built code: `npx tsc -b services` first). Knob: BENCH_INPUT_BASE (merge base).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { built, CACHE_DIR, now, rng, ROOT, saveResult } from './lib.js';
import { oldAgainstNew } from './support/old-new.js';

const started = now();
const MEMBERS = 200_000;
const base =
  process.env.BENCH_INPUT_BASE ?? execFileSync('git', ['merge-base', 'HEAD', 'main'], { cwd: ROOT }).toString().trim();
const source = execFileSync('git', ['show', `${base}:services/src/dividend/queries/member-input.ts`], { cwd: ROOT });
const oldDir = join(CACHE_DIR, 'dividend-input-read');
mkdirSync(oldDir, { recursive: true });
const oldFile = join(oldDir, `member-input-${base.slice(0, 8)}.mjs`);
const js = ts.transpileModule(source.toString(), {
  compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
}).outputText;
writeFileSync(oldFile, js);
const old = await import(oldFile);
const fresh = await built('services/dist/dividend/queries/member-input.js');
const { readDividendInput } = await built('projections/dist/owned/dividend.js');

const random = rng(44);
const stored = Array.from({ length: MEMBERS }, (_, i) =>
  JSON.stringify({
    id: `m-${i}`,
    cooperativeId: 'c-1',
    position: String(i),
    memberNr: i + 1,
    name: `Muster ${i}`,
    givenName: i % 7 === 0 ? null : 'Eva',
    birthDate: '1970-01-01',
    legalForm: i % 50 === 0 ? 1 : 0,
    isForeign: i % 40 === 0,
    state: 'NW',
    churchId: i % 3 === 0 ? 'rk' : null,
    churchTaxRate: i % 3 === 0 ? '9' : null,
    taxId: '86095742719',
    manualTaxId: null,
    spouse: null,
    spouseTaxId: null,
    entryDate: '2015-03-01',
    deathDate: null,
    deathNotice: null,
    exitDate: null,
    postings: Array.from({ length: 10 }, (_, p) => [
      `b-${i}-${p}`,
      p === 0 ? 0 : 1,
      10_000 + Math.floor(random() * 5) * 10_000,
      `20${10 + p}-0${1 + (p % 9)}-15`,
      `20${10 + p}-0${1 + (p % 9)}-15`,
      0,
    ]),
    orders:
      i % 3 === 0
        ? [
            {
              id: `o-${i}`,
              memberId: `m-${i}`,
              joint: false,
              spouseMemberId: null,
              amount: 100_000,
              issueDate: '2020-01-01',
              startDate: '2020-01-01',
              endDate: null,
              usedByYear: { 2024: 3_000 },
            },
          ]
        : [],
    certificates: [],
  }),
);

/** One pass over every member as the calculation makes it: parse, (read,) input and facts; answers a checksum. */
const passes = {
  old: () => {
    let sum = 0;
    for (const text of stored) {
      const doc = JSON.parse(text);
      sum += old.toMemberInput(doc, undefined, 'nextMonth').postings.length + old.factsOf(doc).name.length;
    }
    return sum;
  },
  new: () => {
    let sum = 0;
    for (const text of stored) {
      const doc = readDividendInput(JSON.parse(text));
      sum += fresh.toMemberInput(doc, undefined, 'nextMonth').postings.length + fresh.factsOf(doc).name.length;
    }
    return sum;
  },
};
const { runs, bestOld, bestNew, ratio } = oldAgainstNew(passes, `${MEMBERS} members`);
saveResult('dividend-input-read', started, { base, members: MEMBERS, runs, ratio }, [
  { metric: 'per-member input, old (private str)', target: null, actual: bestOld, unit: 'ms', pass: null },
  { metric: 'per-member input, typed reader', target: null, actual: bestNew, unit: 'ms', pass: null },
  { metric: 'typed / old (best of four each)', target: null, actual: ratio, unit: 'ratio', pass: null },
]);
