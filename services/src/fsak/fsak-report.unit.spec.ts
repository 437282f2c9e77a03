import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { csvField, germanDate, MAX_RECORDS_PER_FILE, reportFiles, type ReportHeader } from './domain/fsak-csv.js';
import {
  reportRecords,
  type AddressData,
  type FsakRecord,
  type JointOrderData,
  type MemberData,
  type PayoutFact,
  type PersonData,
} from './domain/fsak-records.js';

/*
 * The FSA control report's pure parts (DOMAIN.md 4): the records of a closed year with a single order, a joint order of
 * two member spouses paid across two closures, a joint order whose spouse is no member, an NV certificate of a natural
 * person (reported) and of a legal entity (not), amounts under one euro (left out), the holders it cannot report; the
 * CSV compared with a golden file; more than 1,000 records split into files.
 */

const HOME: AddressData = {
  street: 'Hauptstraße',
  houseNumber: '1a',
  zipCode: '10115',
  city: 'Berlin',
  country: null,
  foreign: false,
};
const NOBODY: PersonData = { name: null, givenName: null, birthDate: null, taxId: null };

function member(memberId: string, memberNr: number, fields: Partial<MemberData> = {}): MemberData {
  return {
    memberId,
    memberNr,
    name: `Name${memberNr}`,
    givenName: `Vorname${memberNr}`,
    birthDate: '1970-05-17',
    taxId: `860957427${String(memberNr).padStart(2, '0')}`,
    address: HOME,
    spouse: NOBODY,
    spouseMemberId: null,
    ...fields,
  };
}

function payout(memberId: string, memberNr: number, exempt: number, fields: Partial<PayoutFact> = {}): PayoutFact {
  return {
    dividendId: 'd1',
    memberId,
    memberNr,
    exempt,
    basisOfTax: 'standard',
    legalEntity: false,
    order: null,
    ...fields,
  };
}

const single = (id: string) => ({ id, joint: false, holderId: null });
const joint = (id: string, holderId: string) => ({ id, joint: true, holderId });

const members = new Map<string, MemberData>(
  [
    member('m1', 1),
    // Joint order o2 of m2 with the member m3 (paid in two closures of the year).
    member('m2', 2, { name: 'Fünf', givenName: 'Hans' }),
    member('m3', 3, { name: 'Fünf', givenName: 'Wera', birthDate: null }),
    // Joint order o4 of m4 whose spouse is no member (from m4's master data); a name with the separator.
    member('m4', 4, {
      name: 'Meier; Müller',
      givenName: 'Eva "Evi"',
      spouse: { name: 'Meier', givenName: 'Karl', birthDate: '1968-01-02', taxId: '47036892816' },
    }),
    // NV certificate of a natural person, living abroad.
    member('m5', 5, {
      address: {
        street: 'Rue de la Paix',
        houseNumber: '3',
        zipCode: '75002',
        city: 'Paris',
        country: 'FR',
        foreign: true,
      },
    }),
    // NV certificate of a legal entity: not reported.
    member('m6', 6, { givenName: null }),
    // Under one euro in the year.
    member('m7', 7),
    // No tax id, no address: impossible.
    member('m8', 8, { taxId: null, address: { ...HOME, street: null } }),
    // A joint order whose spouse has no tax id: impossible.
    member('m9', 9, { spouse: { name: 'Neun', givenName: 'Nina', birthDate: null, taxId: null } }),
    // Exempted 0.99 in one closure and 0.02 in another: 1.01 in the year, reported as 1 euro.
    member('m10', 10),
    // NV certificate (type 100) of a natural person without a tax id: impossible, named as an NV holder (issue 43).
    member('m11', 11, { taxId: null }),
  ].map((m) => [m.memberId, m]),
);
const jointOrders = new Map<string, JointOrderData>([
  ['o2', { holderId: 'm2', spouseMemberId: 'm3' }],
  ['o4', { holderId: 'm4', spouseMemberId: null }],
  ['o9', { holderId: 'm9', spouseMemberId: null }],
]);
const payouts: PayoutFact[] = [
  payout('m1', 1, 30_099, { order: single('o1') }),
  payout('m2', 2, 45_000, { order: joint('o2', 'm2') }),
  payout('m3', 3, 15_050, { order: joint('o2', 'm2') }),
  payout('m3', 3, 100, { dividendId: 'd2', order: joint('o2', 'm2') }),
  payout('m4', 4, 80_000, { order: joint('o4', 'm4') }),
  payout('m5', 5, 80_000, { basisOfTax: 'nv100' }),
  payout('m6', 6, 123_456, { basisOfTax: 'nv100', legalEntity: true }),
  payout('m7', 7, 99, { order: single('o7') }),
  payout('m8', 8, 5_000, { order: single('o8') }),
  payout('m9', 9, 5_000, { order: joint('o9', 'm9') }),
  payout('m10', 10, 99, { order: single('o10') }),
  payout('m10', 10, 2, { dividendId: 'd2', order: single('o10') }),
  payout('m11', 11, 20_000, { basisOfTax: 'nv100' }),
  // Taxed in full: nothing exempted, nothing to report.
  payout('m1', 1, 0, { dividendId: 'd2', basisOfTax: 'standard' }),
];

const HEADER: ReportHeader = {
  name: 'Musterbau eG',
  address: 'Genossenschaftsweg 7',
  zip: '04109',
  city: 'Leipzig',
  elmaFs: '12345671',
  taxNumber: '2311012345',
  reportType: 'initial',
  year: 2024,
  createdAt: '2025-02-10T09:30:05.123Z',
};

const golden = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('FSA control report: the records of a year', () => {
  const built = reportRecords({ payouts, members, jointOrders, allowTestTaxIds: false });

  it('reports each FSA holder once with the year’s whole euros, a joint order as one record with both spouses, NV of natural persons', () => {
    expect(built.records.map((r) => [r.memberNr, r.kind, r.euros, r.spouse?.givenName ?? null])).toEqual([
      [1, 'fsa', 300, null],
      // 450.00 + 150.50 + 1.00 of one volume, under the order's holder, with the member spouse's data.
      [2, 'fsa', 601, 'Wera'],
      [4, 'fsa', 800, 'Karl'],
      [5, 'nv', 800, null],
      [10, 'fsa', 1, null],
    ]);
  });

  it('leaves out amounts under one euro and legal entities’ certificates', () => {
    expect(built.underOneEuro).toBe(1);
    expect(built.records.some((r) => r.memberId === 'm6' || r.memberId === 'm7')).toBe(false);
  });

  it('lists the holders whose record cannot be complete, and leaves them out of the report', () => {
    expect(built.impossible).toEqual([
      {
        memberId: 'm8',
        memberNr: 8,
        name: 'Name8',
        givenName: 'Vorname8',
        reasons: ['taxIdMissing', 'addressMissing'],
      },
      { memberId: 'm9', memberNr: 9, name: 'Name9', givenName: 'Vorname9', reasons: ['spouseTaxIdMissing'] },
      { memberId: 'm11', memberNr: 11, name: 'Name11', givenName: 'Vorname11', reasons: ['nvTaxIdMissing'] },
    ]);
  });

  it('counts a joint order without an order document under the holder the payout names, and an unknown member as impossible', () => {
    const alone = reportRecords({
      payouts: [payout('x', 11, 10_000, { order: joint('ox', 'y') })],
      members: new Map(),
      jointOrders: new Map(),
      allowTestTaxIds: false,
    });
    expect(alone.records).toEqual([]);
    expect(alone.impossible).toEqual([
      {
        memberId: 'y',
        memberNr: 0,
        name: '',
        givenName: '',
        reasons: ['nameMissing', 'taxIdMissing', 'addressMissing', 'spouseNameMissing', 'spouseTaxIdMissing'],
      },
    ]);
  });

  it('reads a joint order’s spouse who is a member from the member’s own record, not the copy in the holder’s spouse data (issue 39/43)', () => {
    // m21's joint order names no spouse member; its master data link the member m22, who has no tax id, and hold a copy.
    const couple = new Map<string, MemberData>([
      [
        'm21',
        member('m21', 21, {
          spouseMemberId: 'm22',
          spouse: { name: 'Zwei', givenName: 'Zora', birthDate: null, taxId: '47036892816' },
        }),
      ],
      ['m22', member('m22', 22, { name: 'Zwei', givenName: 'Zora', taxId: null })],
    ]);
    const built = reportRecords({
      payouts: [payout('m21', 21, 10_000, { order: joint('o21', 'm21') })],
      members: couple,
      jointOrders: new Map([['o21', { holderId: 'm21', spouseMemberId: null }]]),
      allowTestTaxIds: false,
    });
    expect(built.records).toEqual([]);
    expect(built.impossible).toEqual([
      { memberId: 'm21', memberNr: 21, name: 'Name21', givenName: 'Vorname21', reasons: ['spouseTaxIdMissing'] },
    ]);
  });

  it('writes the CSV of a closed year as the golden file', () => {
    const files = reportFiles(HEADER, built.records);
    expect(files.map((f) => [f.name, f.records])).toEqual([['fsak-2024-1.csv', 5]]);
    expect(files[0]!.content).toBe(golden('fsak-2024-1.csv'));
  });

  it('marks a correction in the header and the file name', () => {
    const [file] = reportFiles({ ...HEADER, reportType: 'correction' }, built.records);
    expect(file!.name).toBe('fsak-2024-correction-1.csv');
    expect(file!.content.split('\r\n')[0]).toBe(
      '1;Musterbau eG;Genossenschaftsweg 7;04109;Leipzig;12345671;2311012345;2;2024;1;1;5;10.02.2025 10:30:05',
    );
  });
});

describe('FSA control report: files', () => {
  const many = (n: number): FsakRecord[] =>
    Array.from({ length: n }, (_, i) => ({
      kind: 'fsa',
      memberId: `m${i}`,
      memberNr: i + 1,
      euros: 10,
      person: { name: 'N', givenName: 'V', birthDate: null, taxId: '86095742719' },
      address: HOME,
      spouse: null,
    }));

  it(`splits more than ${MAX_RECORDS_PER_FILE} records into files of at most ${MAX_RECORDS_PER_FILE}, numbered through`, () => {
    const files = reportFiles(HEADER, many(2001));
    expect(files.map((f) => [f.name, f.records])).toEqual([
      ['fsak-2024-1.csv', 1000],
      ['fsak-2024-2.csv', 1000],
      ['fsak-2024-3.csv', 1],
    ]);
    const lines = files[1]!.content.split('\r\n');
    expect(lines[0]).toMatch(/^1;.*;2024;2;3;1000;/);
    expect(lines[1]!.startsWith('2;1001;2024;10;FSA;0;N;V;00.00.0000;')).toBe(true);
    expect(lines).toHaveLength(1002);
  });

  it('keeps exactly 1,000 records in one file', () => {
    expect(reportFiles(HEADER, many(1000)).map((f) => f.records)).toEqual([1000]);
  });

  it('quotes a field with the separator, a quote or a line break; writes an unknown date as 00.00.0000', () => {
    expect([
      csvField('a;b'),
      csvField('say "hi"'),
      csvField('x\ny'),
      csvField('plain'),
      csvField(null),
      csvField(7),
    ]).toEqual(['"a;b"', '"say ""hi"""', '"x\ny"', 'plain', '', '7']);
    expect([germanDate('1970-05-17'), germanDate(null), germanDate('')]).toEqual([
      '17.05.1970',
      '00.00.0000',
      '00.00.0000',
    ]);
  });
});
