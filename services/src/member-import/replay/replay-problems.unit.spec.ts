import type { ImportProblem, ImportRow, ImportValue } from '../import-types.js';
import { importRow, personValues, replayContext } from './generated-register.js';
import { replayImport } from './replay-import.js';

const context = replayContext;

const sheet = (kind: ImportRow['kind'], rows: readonly Record<string, ImportValue>[]): ImportRow[] =>
  rows.map((values, i) => importRow(kind, i + 2, values));
const members = (...rows: Record<string, ImportValue>[]): ImportRow[] => sheet('members', rows);
const postings = (...rows: Record<string, ImportValue>[]): ImportRow[] => sheet('postings', rows);
const subscription = (nr: number, quantity: number, date = '2015-01-01'): Record<string, ImportValue> => ({
  memberNr: nr,
  ref: `S${nr}`,
  type: 0,
  quantity,
  date,
  approvalDate: date,
});
const problems = (rows: readonly ImportRow[], ctx = context()): ImportProblem[] => replayImport(rows, ctx).problems;
/** Where a problem is and what it says. */
const at = (
  p: ImportProblem,
): Pick<ImportProblem, 'sheet' | 'row' | 'column' | 'value' | 'template' | 'parameters'> => ({
  sheet: p.sheet,
  row: p.row,
  column: p.column,
  value: p.value,
  template: p.template,
  parameters: p.parameters,
});

describe('replayImport: each problem on its row and column', () => {
  it('a transfer that would take the giver below the minimum', () => {
    const found = problems([
      ...members(personValues(1, '2015-01-01'), personValues(2, '2015-01-01')),
      ...postings(
        subscription(1, 1),
        subscription(2, 1),
        {
          memberNr: 1,
          ref: 'T1',
          type: 3,
          quantity: 1,
          date: '2016-01-01',
          approvalDate: '2016-01-01',
          transferMemberNr: 2,
        },
        {
          memberNr: 2,
          ref: 'T2',
          type: 4,
          quantity: 1,
          date: '2016-01-01',
          approvalDate: '2016-01-01',
          transferMemberNr: 1,
        },
      ),
    ]);
    expect(found.map(at)).toEqual([
      {
        sheet: 'Buchungen',
        row: 4,
        column: 'Anzahl',
        value: '1',
        template: 'atLeastAmountMustRemain',
        parameters: { 0: '250,00', 1: '1', 2: '0' },
      },
    ]);
  });

  it('an annulation that would take the holding below zero', () => {
    const found = problems([
      ...members(personValues(1, '2015-01-01'), personValues(2, '2015-01-01')),
      ...postings(
        subscription(1, 1),
        subscription(2, 1),
        { memberNr: 1, ref: 'P1', type: 1, quantity: 2, date: '2016-01-01', approvalDate: '2016-01-01' },
        {
          memberNr: 1,
          ref: 'T1',
          type: 3,
          quantity: 2,
          date: '2017-01-01',
          approvalDate: '2017-01-01',
          transferMemberNr: 2,
        },
        {
          memberNr: 2,
          ref: 'T2',
          type: 4,
          quantity: 2,
          date: '2017-01-01',
          approvalDate: '2017-01-01',
          transferMemberNr: 1,
        },
        { memberNr: 1, ref: 'A1', type: 5, annulRef: 'P1', date: '2018-01-01' },
      ),
    ]);
    expect(found.map(at)).toEqual([
      {
        sheet: 'Buchungen',
        row: 7,
        column: 'Storno von',
        value: 'P1',
        template: 'holdingWouldBeNegative',
        parameters: {},
      },
    ]);
  });

  it('a partial termination that would leave fewer than the minimum', () => {
    const found = problems([
      ...members(personValues(1, '2015-01-01')),
      ...postings(subscription(1, 1), {
        memberNr: 1,
        ref: 'K1',
        type: 2,
        quantity: 1,
        noticeDate: '2020-03-01',
        date: '2020-12-31',
        approvalDate: '2020-03-01',
      }),
    ]);
    expect(found.map(at)).toEqual([
      {
        sheet: 'Buchungen',
        row: 3,
        column: 'Anzahl',
        value: '1',
        template: 'withdrawalLeavesTooFew',
        parameters: { 0: '1', 1: '1', 2: '2020-12-31' },
      },
    ]);
  });

  it('an admission and a posting dated into a closed dividend year, refused as the console refuses them', () => {
    const found = problems(
      [
        ...members(personValues(1, '2024-03-01'), personValues(2, '2026-02-01')),
        ...postings(
          subscription(1, 2, '2024-03-01'),
          subscription(2, 2, '2026-02-01'),
          { memberNr: 2, ref: 'P1', type: 1, quantity: 1, date: '2025-06-01', approvalDate: '2026-02-01' },
          { memberNr: 2, ref: 'P2', type: 1, quantity: 1, date: '2026-06-01', approvalDate: '2026-06-01' },
        ),
      ],
      context({ closedThrough: 2025 }),
    );
    // The entry and its interest begin, the posting's date and its interest begin (the first of the next month): each in 2024 or 2025.
    expect(found.map((p) => [p.sheet, p.row, p.field, p.template, p.parameters])).toEqual([
      ['Mitglieder', 2, 'entryDate', 'closedYear', { 0: '2025' }],
      ['Mitglieder', 2, 'interestBegin', 'closedYear', { 0: '2025' }],
      ['Buchungen', 4, 'date', 'closedYear', { 0: '2025' }],
      ['Buchungen', 4, 'interestBegin', 'closedYear', { 0: '2025' }],
    ]);
  });

  it('a transfer half without its pair', () => {
    const found = problems([
      ...members(personValues(1, '2015-01-01'), personValues(2, '2015-01-01')),
      ...postings(subscription(1, 3), subscription(2, 1), {
        memberNr: 1,
        ref: 'T1',
        type: 3,
        quantity: 1,
        date: '2016-01-01',
        approvalDate: '2016-01-01',
        transferMemberNr: 2,
      }),
    ]);
    expect(found.map(at)).toEqual([
      {
        sheet: 'Buchungen',
        row: 4,
        column: 'Gegenmitglied',
        value: '2',
        template: 'importTransferWithoutPair',
        parameters: {},
      },
    ]);
  });

  it('a member number twice in the file, and one taken in the cooperative', () => {
    const found = problems(
      members(
        personValues(1, '2015-01-01', { shareAmount: 1 }),
        personValues(1, '2016-01-01'),
        personValues(5, '2015-01-01'),
      ),
      context({ takenMemberNrs: new Set([5]) }),
    );
    expect(found.map(at)).toEqual([
      {
        sheet: 'Mitglieder',
        row: 3,
        column: 'Mitgliedsnummer',
        value: '1',
        template: 'importMemberNrTwice',
        parameters: { 0: '1', 1: '2' },
      },
      {
        sheet: 'Mitglieder',
        row: 4,
        column: 'Mitgliedsnummer',
        value: '5',
        template: 'importMemberNrTaken',
        parameters: { 0: '5' },
      },
    ]);
  });

  it('an IBAN and a tax id with wrong check digits, as the console refuses them', () => {
    const found = problems(
      members(
        personValues(1, '2015-01-01', { iban: 'DE89370400440532013001', manualTaxId: '86095742710', shareAmount: 1 }),
      ),
    );
    expect(found.map(at)).toEqual([
      {
        sheet: 'Mitglieder',
        row: 2,
        column: 'IBAN',
        value: 'DE89370400440532013001',
        template: 'invalidIban',
        parameters: {},
      },
      {
        sheet: 'Mitglieder',
        row: 2,
        column: 'Steuer-ID',
        value: '86095742710',
        template: 'invalidTaxId',
        parameters: {},
      },
    ]);
  });

  it('a posting, an order and a certificate for a member not in the import', () => {
    const found = problems([
      ...members(personValues(1, '2015-01-01', { shareAmount: 1 })),
      ...postings({ memberNr: 7, ref: 'P7', type: 1, quantity: 1, date: '2016-01-01', approvalDate: '2016-01-01' }),
      ...sheet('exemptionOrders', [
        { memberNr: 8, type: 0, joint: false, amount: 10_000, date: '2022-12-01', startDate: '2023-01-01' },
      ]),
    ]);
    expect(found.map(at)).toEqual([
      {
        sheet: 'Buchungen',
        row: 2,
        column: 'Mitgliedsnummer',
        value: '7',
        template: 'importMemberUnknown',
        parameters: { 0: '7' },
      },
      {
        sheet: 'Freistellungsaufträge',
        row: 2,
        column: 'Mitgliedsnummer',
        value: '8',
        template: 'importMemberUnknown',
        parameters: { 0: '8' },
      },
    ]);
  });

  it('an annulation of a reference not in the file, and a reference used twice', () => {
    const found = problems([
      ...members(personValues(1, '2015-01-01')),
      ...postings(
        subscription(1, 2),
        { memberNr: 1, ref: 'P1', type: 1, quantity: 1, date: '2016-01-01', approvalDate: '2016-01-01' },
        { memberNr: 1, ref: 'P1', type: 1, quantity: 1, date: '2016-02-01', approvalDate: '2016-02-01' },
        { memberNr: 1, ref: 'A1', type: 5, annulRef: 'P9', date: '2017-01-01' },
      ),
    ]);
    expect(found.map(at)).toEqual([
      {
        sheet: 'Buchungen',
        row: 4,
        column: 'Buchungsnummer',
        value: 'P1',
        template: 'importRefTwice',
        parameters: { 0: 'P1' },
      },
      {
        sheet: 'Buchungen',
        row: 5,
        column: 'Storno von',
        value: 'P9',
        template: 'importAnnulledPostingUnknown',
        parameters: { 0: 'P9' },
      },
    ]);
  });

  it('a holding and a capital that differ from the members sheet', () => {
    const found = problems([
      ...members(personValues(1, '2015-01-01', { shareAmount: 5, capital: 125_000 })),
      ...postings(subscription(1, 2), {
        memberNr: 1,
        ref: 'P1',
        type: 1,
        quantity: 1,
        date: '2016-01-01',
        approvalDate: '2016-01-01',
      }),
    ]);
    expect(found.map(at)).toEqual([
      {
        sheet: 'Mitglieder',
        row: 2,
        column: 'Anzahl Anteile',
        value: '5',
        template: 'importHoldingDiffers',
        parameters: { 0: '5', 1: '3' },
      },
      {
        sheet: 'Mitglieder',
        row: 2,
        column: 'Geschäftsguthaben (EUR)',
        value: '125000',
        template: 'importHoldingDiffers',
        parameters: { 0: '1.250,00', 1: '750,00' },
      },
    ]);
  });

  it('an end dated otherwise than the law dates it, and an amount that is not what the posting amounts to', () => {
    const found = problems([
      ...members(personValues(1, '2015-01-01')),
      ...postings(
        subscription(1, 2),
        {
          memberNr: 1,
          ref: 'P1',
          type: 1,
          quantity: 1,
          amount: 20_000,
          date: '2016-01-01',
          approvalDate: '2016-01-01',
        },
        { memberNr: 1, ref: 'E1', type: 8, noticeDate: '2020-06-01', date: '2020-06-30', approvalDate: '2020-06-01' },
      ),
    ]);
    expect(found.map(at)).toEqual([
      {
        sheet: 'Buchungen',
        row: 3,
        column: 'Betrag (EUR)',
        value: '20000',
        template: 'importAmountDiffers',
        parameters: { 0: '200,00', 1: '250,00' },
      },
      {
        sheet: 'Buchungen',
        row: 4,
        column: 'Datum',
        value: '2020-06-30',
        template: 'importEffectiveDateDiffers',
        parameters: { 0: '2020-06-30', 1: '2020-12-31' },
      },
    ]);
  });

  it('an admission without its shares: neither a type-0 posting nor the members sheet gives them', () => {
    const found = problems(members(personValues(1, '2015-01-01')));
    expect(found.map((p) => [p.row, p.field, p.column, p.template])).toEqual([
      [2, 'shareAmount', null, 'mustNotBeEmpty'],
    ]);
  });

  it('an exemption order for a legal entity, a joint one without a spouse, a certificate out of range: on their columns', () => {
    const firm = personValues(2, '2015-01-01', {
      legalForm: 1,
      salutation: null,
      postalSalutation: 'company',
      givenName: null,
      birthDate: null,
      civilStatus: null,
      shareAmount: 1,
    });
    const found = problems([
      ...members(personValues(1, '2015-01-01', { shareAmount: 1 }), firm),
      ...sheet('exemptionOrders', [
        { memberNr: 2, type: 0, joint: false, amount: 10_000, date: '2022-12-01', startDate: '2023-01-01' },
        { memberNr: 1, type: 0, joint: true, amount: 10_000, date: '2022-12-01', startDate: '2023-01-01' },
      ]),
      ...sheet('nonAssessments', [
        {
          memberNr: 1,
          type: 100,
          orderNumber: 'NV-1',
          date: '2024-11-01',
          taxAuthorities: 'Finanzamt',
          startDate: '2025-01-01',
          endDate: '2029-12-31',
        },
      ]),
    ]);
    expect(found.map((p) => [p.sheet, p.row, p.column, p.template])).toEqual([
      ['Freistellungsaufträge', 2, 'Mitgliedsnummer', 'exemptionOrderNotForLegalEntity'],
      ['Freistellungsaufträge', 3, 'Gemeinsam', 'jointOrderNeedsSpouse'],
      ['NV-Bescheinigungen', 2, 'Gültig bis', 'dateRangeExceeds'],
    ]);
  });

  it('an annulation on another member than the posting it annuls, and a subscription dated otherwise than the entry', () => {
    const found = problems([
      ...members(personValues(1, '2015-01-01'), personValues(2, '2015-01-01')),
      ...postings(
        subscription(1, 2, '2015-01-02'),
        subscription(2, 1),
        { memberNr: 1, ref: 'P1', type: 1, quantity: 1, date: '2016-01-01', approvalDate: '2016-01-01' },
        { memberNr: 2, ref: 'A1', type: 5, annulRef: 'P1', date: '2017-01-01' },
      ),
    ]);
    expect(found.map(at)).toEqual([
      {
        sheet: 'Buchungen',
        row: 2,
        column: 'Datum',
        value: '2015-01-02',
        template: 'importEffectiveDateDiffers',
        parameters: { 0: '2015-01-02', 1: '2015-01-01' },
      },
      {
        sheet: 'Buchungen',
        row: 5,
        column: 'Mitgliedsnummer',
        value: '2',
        template: 'invalidChoice',
        parameters: { 0: '2' },
      },
    ]);
  });

  it('lists the problems sheet by sheet in the order of the rows, whenever they were found', () => {
    const found = problems([
      ...members(personValues(1, '2015-01-01', { shareAmount: 9 }), personValues(2, '2015-01-01', { iban: 'DE00' })),
      ...postings(subscription(1, 2), {
        memberNr: 3,
        ref: 'P3',
        type: 1,
        quantity: 1,
        date: '2016-01-01',
        approvalDate: '2016-01-01',
      }),
    ]);
    expect(found.map((p) => [p.sheet, p.row, p.template])).toEqual([
      ['Mitglieder', 2, 'importHoldingDiffers'],
      ['Mitglieder', 3, 'mustNotBeEmpty'],
      ['Mitglieder', 3, 'invalidIban'],
      ['Buchungen', 3, 'importMemberUnknown'],
    ]);
  });

  it('an end without its notice date: its date is the notice, unless it is a year end (the effective date given, the notice missing)', () => {
    const outcome = replayImport(
      [
        ...members(personValues(1, '2015-01-01'), personValues(2, '2015-01-01')),
        ...postings(
          subscription(1, 1),
          subscription(2, 1),
          { memberNr: 1, ref: 'D1', type: 6, date: '2020-05-10', approvalDate: '2020-05-20' },
          { memberNr: 2, ref: 'E2', type: 8, date: '2020-12-31', approvalDate: '2020-05-20' },
        ),
      ],
      context(),
    );
    expect(outcome.problems.map(at)).toEqual([
      {
        sheet: 'Buchungen',
        row: 5,
        column: 'Datum',
        value: '2020-12-31',
        template: 'importEffectiveDateDiffers',
        parameters: { 0: '2020-12-31', 1: '2021-12-31' },
      },
    ]);
    expect(
      outcome.decisions
        .flatMap((d) => d.events)
        .filter((e) => e.type === 'MemberExited')
        .map((e) => (e.data as { exitDate: string }).exitDate),
    ).toEqual(['2020-12-31', '2021-12-31']);
  });

  it('a posting on a member who has left', () => {
    const found = problems([
      ...members(personValues(1, '2015-01-01')),
      ...postings(
        subscription(1, 2),
        { memberNr: 1, ref: 'E1', type: 8, noticeDate: '2020-06-01', date: '2020-12-31', approvalDate: '2020-06-01' },
        { memberNr: 1, ref: 'P1', type: 1, quantity: 1, date: '2021-01-01', approvalDate: '2021-01-01' },
      ),
    ]);
    expect(found.map(at)).toEqual([
      { sheet: 'Buchungen', row: 4, column: null, value: null, template: 'memberHasExited', parameters: {} },
    ]);
  });
});
