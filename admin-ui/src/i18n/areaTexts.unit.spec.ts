import { describe, expect, it } from '@jest/globals';
import { administrationDe } from '../administration/administration.de.js';
import { administrationEn } from '../administration/administration.en.js';
import { balancesDe, balancesResourcesDe } from '../balances/balances.de.js';
import { balancesEn, balancesResourcesEn } from '../balances/balances.en.js';
import { cooperativeDe, cooperativeResourcesDe } from '../cooperative/cooperative.de.js';
import { cooperativeEn, cooperativeResourcesEn } from '../cooperative/cooperative.en.js';
import { dashboardDe } from '../dashboard/dashboard.de.js';
import { dashboardEn } from '../dashboard/dashboard.en.js';
import { dividendDe } from '../dividend/dividend.de.js';
import { dividendEn } from '../dividend/dividend.en.js';
import { elmaNumbersDe, elmaNumbersResourcesDe } from '../elmaNumbers/elmaNumbers.de.js';
import { elmaNumbersEn, elmaNumbersResourcesEn } from '../elmaNumbers/elmaNumbers.en.js';
import { membersDe, membersResourcesDe } from '../members/members.de.js';
import { membersEn, membersResourcesEn } from '../members/members.en.js';
import { notificationsDe } from '../notifications/notifications.de.js';
import { notificationsEn } from '../notifications/notifications.en.js';
import { sharesDe, sharesResourcesDe } from '../shares/shares.de.js';
import { sharesEn, sharesResourcesEn } from '../shares/shares.en.js';
import { tasksDe } from '../tasks/tasks.de.js';
import { tasksEn } from '../tasks/tasks.en.js';
import { taxPapersDe, taxPapersResourcesDe } from '../taxPapers/taxPapers.de.js';
import { taxPapersEn, taxPapersResourcesEn } from '../taxPapers/taxPapers.en.js';
import { usersDe, usersResourcesDe } from '../users/users.de.js';
import { usersEn, usersResourcesEn } from '../users/users.en.js';
import { commonDe } from './common.de.js';
import { commonEn } from './common.en.js';
import { de } from './de.js';
import { en } from './en.js';
import { shellDe } from './shell.de.js';
import { shellEn } from './shell.en.js';

type Tree = { readonly [key: string]: unknown };

/** The `coop.*` keys `en.ts`/`de.ts` write themselves (the shared refusals and notices) or take one file each for. */
const OWN_KEYS = [
  'roles',
  'validation',
  'errors',
  'notify',
  'payouts',
  'exports',
  'memberImport',
  'settlements',
  'reminders',
  'bankStatements',
  'directDebits',
];

/**
 * What is wrong with a catalogue spread together from parts: a key no part and not the catalogue itself gives, a key two
 * of them give (a spread hides the earlier one without a word from the compiler), a part's text that is not the one read.
 */
function overlaps(assembled: Tree, parts: Readonly<Record<string, Tree>>, own: readonly string[]): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(assembled)) {
    const givers = [
      ...(own.includes(key) ? ['the catalogue itself'] : []),
      ...Object.keys(parts).filter((name) => key in (parts[name] ?? {})),
    ];
    if (givers.length !== 1)
      problems.push(`${key}: given by ${givers.length === 0 ? 'no listed part' : givers.join(', ')}`);
  }
  for (const [name, part] of Object.entries(parts)) {
    for (const [key, value] of Object.entries(part))
      if (assembled[key] !== value) problems.push(`${key} of ${name} is not the text read`);
  }
  return problems;
}

describe("the catalogues spread together from the areas' texts (decision 245)", () => {
  it('each key of coop.* comes from one place only, in English and German', () => {
    const coopEn = {
      shellEn,
      commonEn,
      membersEn,
      balancesEn,
      sharesEn,
      taxPapersEn,
      usersEn,
      cooperativeEn,
      administrationEn,
      elmaNumbersEn,
      dashboardEn,
      dividendEn,
      tasksEn,
      notificationsEn,
    };
    const coopDe = {
      shellDe,
      commonDe,
      membersDe,
      balancesDe,
      sharesDe,
      taxPapersDe,
      usersDe,
      cooperativeDe,
      administrationDe,
      elmaNumbersDe,
      dashboardDe,
      dividendDe,
      tasksDe,
      notificationsDe,
    };
    expect(overlaps(en.coop, coopEn, OWN_KEYS)).toEqual([]);
    expect(overlaps(de.coop, coopDe, OWN_KEYS)).toEqual([]);
  });

  it('each key of resources.* comes from one area only, in English and German', () => {
    const resourcesEn = {
      usersResourcesEn,
      cooperativeResourcesEn,
      membersResourcesEn,
      balancesResourcesEn,
      sharesResourcesEn,
      elmaNumbersResourcesEn,
      taxPapersResourcesEn,
    };
    const resourcesDe = {
      usersResourcesDe,
      cooperativeResourcesDe,
      membersResourcesDe,
      balancesResourcesDe,
      sharesResourcesDe,
      elmaNumbersResourcesDe,
      taxPapersResourcesDe,
    };
    expect(overlaps(en.resources, resourcesEn, [])).toEqual([]);
    expect(overlaps(de.resources, resourcesDe, [])).toEqual([]);
  });

  it('names a key two areas give, one no area gives, and a text hidden by a later spread', () => {
    const first = { a: { x: '1' }, b: 'B' };
    const second = { b: 'B2' };
    expect(overlaps({ ...first, ...second, c: 'C' }, { first, second }, [])).toEqual([
      'b: given by first, second',
      'c: given by no listed part',
      'b of first is not the text read',
    ]);
  });
});
