import { personValues } from './generated-register.js';
import { context, sheet, members, postings, subscription, problems, at } from './testing/problem-rows.js';

// Rows that do not fit the file or the cooperative: references, numbers, check digits, closed years, the order of the list.
describe('replayImport: each problem on its row and column', () => {
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
});
