/**
 * The demo's first stage after the cooperative: the members to be, with master data as a clerk would type
 * it, entry days and initial shares. Natural persons around Rosenheim and elsewhere in Germany, legal
 * entities, members abroad, minors with a legal representative, and married couples who both join.
 */
import { interestBeginFor, type InterestBeginRule } from '@coop/contracts';
import { FEMALE_GIVEN, FOREIGN_PLACES, HOME_TOWNS, LEGAL_ENTITIES, MALE_GIVEN, SURNAMES } from './demo-catalogue.js';
import { steuerIdFor } from './demo-check-digits.js';
import { dayOf, isoOf, yearOf } from './demo-days.js';
import {
  birthDate,
  church,
  digits,
  foreignAddress,
  foreignBank,
  germanAddress,
  germanBank,
  mailPart,
} from './demo-person-details.js';
import { chance, int, pick, skewed, uuid, type Random } from './demo-random.js';

export type Kind = 'person' | 'legal' | 'foreign' | 'minor';

/** A member to be: master data as a clerk would type it, the entry day and the initial shares. */
export interface Person {
  readonly memberId: string;
  readonly kind: Kind;
  readonly master: Record<string, unknown>;
  readonly entryDay: number;
  readonly shares: number;
  readonly birthYear: number | null;
  /** Index of the spouse in the people list, when both are members (the later one names the earlier). */
  spouseIndex: number | null;
}

/** The members to be, with their master data, entry days (up to `lastDay`, the history's last) and initial shares. */
export function makePeople(
  r: Random,
  count: number,
  fromYear: number,
  lastDay: number,
  today: string,
  rule: InterestBeginRule,
): Person[] {
  const todayYear = Number(today.slice(0, 4));
  const firstDay = dayOf(`${fromYear}-01-01`);
  const foundingEnd = dayOf(`${fromYear}-03-31`);
  const legal = Math.max(count >= 20 ? 3 : 0, Math.round(count * 0.03));
  const foreign = Math.max(count >= 20 ? 2 : 0, Math.round(count * 0.04));
  const minors = Math.max(count >= 20 ? 2 : 0, Math.round(count * 0.03));
  const founders = Math.max(1, Math.round(count * 0.1));
  const people: Person[] = [];
  /** A tax id belongs to one person (issue 39): a drawn id already given is drawn again (the same ids as before otherwise). */
  const taxIds = new Set<string>();
  const uniqueTaxId = (): string => {
    let id = steuerIdFor(r);
    while (taxIds.has(id)) id = steuerIdFor(r);
    taxIds.add(id);
    return id;
  };
  /** Entry: founders in the first quarter, the others spread over the years with some growth. */
  const entryDay = (index: number): number => {
    if (index < founders) return int(r, firstDay, foundingEnd);
    return Math.floor(foundingEnd + 1 + Math.sqrt(r()) * (lastDay - foundingEnd - 1));
  };
  const base = (index: number, memberId: string): Record<string, unknown> => ({
    memberType: index < founders ? 0 : chance(r, 0.03) ? 3 : 1,
    // The founders hold the offices: a president, a supervisory board and an adviser.
    position:
      index === 0 ? 1 : index > 0 && index <= 3 && index < founders ? 2 : index === 4 && index < founders ? 3 : 0,
    memberId,
  });
  const bankMail = (given: string | null, name: string): Record<string, unknown> => ({
    privateEmail: chance(r, 0.7)
      ? `${mailPart(given ?? '')}${given ? '.' : ''}${mailPart(name)}${chance(r, 0.3) ? int(r, 1, 99) : ''}@${pick(r, ['example.org', 'example.com', 'example.net'])}`
      : null,
    privateTelephone: chance(r, 0.5) ? (chance(r, 0.5) ? `0171 ${digits(r, 7)}` : `08031 ${digits(r, 6)}`) : null,
  });

  let index = 0;
  const push = (
    kind: Kind,
    master: Record<string, unknown>,
    entry: number,
    shares: number,
    birthYear: number | null,
    spouseIndex: number | null = null,
  ): Person => {
    const { memberId, ...rest } = master;
    const person: Person = {
      memberId: memberId as string,
      kind,
      master: rest,
      entryDay: entry,
      shares,
      birthYear,
      spouseIndex,
    };
    people.push(person);
    index += 1;
    return person;
  };

  // Spread the special kinds over the list so they do not all join at the start.
  const kinds: Kind[] = Array.from({ length: count }, () => 'person');
  const spread = (kind: Kind, n: number): void => {
    for (let k = 0; k < n; k++) {
      for (let tries = 0; tries < 50; tries++) {
        const at = int(r, Math.min(founders, count - 1), count - 1);
        if (kinds[at] === 'person') {
          kinds[at] = kind;
          break;
        }
      }
    }
  };
  spread('legal', legal);
  spread('foreign', foreign);
  spread('minor', minors);
  if (founders >= 3 && count >= 20) kinds[2] = 'legal';

  while (index < count) {
    const i = index;
    const memberId = uuid(r);
    const kind = kinds[i]!;
    const entry = entryDay(i);
    const entryIso = isoOf(entry);
    const approval = Math.min(entry + int(r, 0, 21), lastDay);
    const membership = {
      entryDate: entryIso,
      approvalDate: isoOf(approval),
      interestBegin: interestBeginFor(entryIso, rule),
    };
    if (kind === 'legal') {
      const [, town] = pick(r, HOME_TOWNS);
      const name = pick(r, LEGAL_ENTITIES).replace('{town}', town);
      const address = germanAddress(r);
      push(
        'legal',
        {
          ...base(i, memberId),
          memberType: i < founders ? 0 : chance(r, 0.3) ? 3 : 1,
          position: 0,
          salutation: null,
          postalSalutation: 'company',
          title: null,
          givenName: null,
          name,
          birthName: null,
          birthDate: null,
          legalForm: 1,
          civilStatus: null,
          ...address,
          legalRepresentation: null,
          privateEmail: `info@${mailPart(name).replace(/-+$/, '')}.example`,
          privateTelephone: `08031 ${digits(r, 6)}`,
          ...germanBank(r),
          ...membership,
          manualTaxId: null,
          churchId: null,
          churchTaxRate: null,
          kiSt: null,
          kiStSatz: null,
        },
        entry,
        skewed(r, 10, 200, 2),
        null,
      );
      continue;
    }
    const female = chance(r, 0.5);
    const given = pick(r, female ? FEMALE_GIVEN : MALE_GIVEN);
    const name = pick(r, SURNAMES);
    if (kind === 'foreign') {
      const place = pick(r, FOREIGN_PLACES);
      const born = int(r, 1950, 1995);
      push(
        'foreign',
        {
          ...base(i, memberId),
          salutation: female ? 'Frau' : 'Herr',
          postalSalutation: female ? 'female' : 'male',
          title: 'none',
          givenName: given,
          name,
          birthName: null,
          birthDate: birthDate(r, born, born),
          legalForm: 0,
          civilStatus: pick(r, [0, 1, 1, 2]),
          ...foreignAddress(r, place),
          legalRepresentation: null,
          privateEmail: `${mailPart(given)}.${mailPart(name)}@example.org`,
          privateTelephone: `${place.phone} ${digits(r, 6)}`,
          ...foreignBank(r, place),
          ...membership,
          manualTaxId: null,
          churchId: null,
          churchTaxRate: null,
          kiSt: null,
          kiStSatz: null,
        },
        entry,
        skewed(r, 2, 12),
        born,
      );
      continue;
    }
    if (kind === 'minor') {
      // Under 18 today (given shares by parents or grandparents), born at least a year before joining.
      const latestBirth = Math.min(entry - 365, dayOf(today) - 365 * 2);
      const earliestBirth = Math.max(dayOf(`${todayYear - 17}-01-01`) + 366, latestBirth - 365 * 12);
      const birth = int(r, Math.min(earliestBirth, latestBirth), latestBirth);
      const address = germanAddress(r);
      const mother = pick(r, FEMALE_GIVEN);
      const father = pick(r, MALE_GIVEN);
      push(
        'minor',
        {
          ...base(i, memberId),
          memberType: 1,
          position: 0,
          salutation: female ? 'Frau' : 'Herr',
          postalSalutation: female ? 'female' : 'male',
          title: 'none',
          givenName: given,
          name,
          birthName: null,
          birthDate: isoOf(birth),
          legalForm: 0,
          civilStatus: 0,
          ...address,
          legalRepresentation: chance(r, 0.8)
            ? `Eltern: ${mother} und ${father} ${name}`
            : `Vormund: ${pick(r, FEMALE_GIVEN)} ${pick(r, SURNAMES)}`,
          privateEmail: null,
          privateTelephone: null,
          ...germanBank(r),
          ...membership,
          manualTaxId: chance(r, 0.6) ? uniqueTaxId() : null,
          churchId: null,
          churchTaxRate: null,
          kiSt: null,
          kiStSatz: null,
        },
        entry,
        skewed(r, 2, 6),
        yearOf(birth),
      );
      continue;
    }
    // A natural person in Germany; some are married couples who both join.
    const born = int(r, 1932, 2000);
    const address = germanAddress(r);
    const title = chance(r, 0.05) ? 'Dr' : chance(r, 0.01) ? 'Prof' : 'none';
    const couple = index + 1 < count && kinds[index + 1] === 'person' && chance(r, 0.14);
    const civilStatus = couple ? 1 : born < 1945 && chance(r, 0.4) ? 3 : pick(r, [0, 0, 1, 1, 1, 2]);
    const spouseGiven = pick(r, female ? MALE_GIVEN : FEMALE_GIVEN);
    const spouseBorn = Math.min(2000, Math.max(1932, born + int(r, -5, 5)));
    const spouseBirth = birthDate(r, spouseBorn, spouseBorn);
    const birthName = female && civilStatus !== 0 && chance(r, 0.6) ? pick(r, SURNAMES) : null;
    const bank = germanBank(r);
    const ownTitle = title;
    const master = {
      ...base(i, memberId),
      salutation: female ? 'Frau' : 'Herr',
      postalSalutation: ownTitle === 'Dr' ? (female ? 'femaleDr' : 'maleDr') : female ? 'female' : 'male',
      title: ownTitle,
      givenName: given,
      name,
      birthName,
      birthDate: birthDate(r, born, born),
      legalForm: 0,
      civilStatus,
      ...address,
      legalRepresentation: null,
      ...bankMail(given, name),
      ...bank,
      ...membership,
      manualTaxId: chance(r, 0.65) ? uniqueTaxId() : null,
      ...church(r, address.state),
      kiSt: null,
      kiStSatz: null,
      ...(civilStatus === 1 || civilStatus === 2
        ? {
            spouseGivenName: spouseGiven,
            spouseName: name,
            spouseBirthName: null,
            spouseBirthDate: spouseBirth,
            spouseTitle: 'none',
          }
        : {}),
    };
    const first = push('person', master, entry, skewed(r, 2, 20), born);
    if (couple) {
      // The spouse joins the same day or later, at the same address; often with the joint account.
      const joinDay = Math.min(lastDay, entry + (chance(r, 0.5) ? 0 : int(r, 1, 900)));
      const approval2 = Math.min(joinDay + int(r, 0, 21), lastDay);
      const spouseFemale = !female;
      push(
        'person',
        {
          ...base(index, uuid(r)),
          memberType: joinDay <= foundingEnd ? 0 : 1,
          position: 0,
          salutation: spouseFemale ? 'Frau' : 'Herr',
          postalSalutation: spouseFemale ? 'female' : 'male',
          title: 'none',
          givenName: spouseGiven,
          name,
          birthName: spouseFemale && chance(r, 0.6) ? pick(r, SURNAMES) : null,
          birthDate: spouseBirth,
          legalForm: 0,
          civilStatus: 1,
          ...address,
          legalRepresentation: null,
          ...bankMail(spouseGiven, name),
          ...(chance(r, 0.5) ? bank : germanBank(r)),
          entryDate: isoOf(joinDay),
          approvalDate: isoOf(approval2),
          interestBegin: interestBeginFor(isoOf(joinDay), rule),
          manualTaxId: chance(r, 0.65) ? uniqueTaxId() : null,
          ...church(r, address.state),
          kiSt: null,
          kiStSatz: null,
          spouseGivenName: given,
          spouseName: name,
          spouseBirthName: birthName,
          spouseBirthDate: master.birthDate,
          spouseTitle: ownTitle,
        },
        joinDay,
        skewed(r, 2, 12),
        spouseBorn,
        people.indexOf(first),
      );
    }
  }
  return people;
}
