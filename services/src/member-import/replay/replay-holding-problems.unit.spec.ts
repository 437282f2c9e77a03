import { replayImport } from './replay-import.js';
import { personValues } from './generated-register.js';
import { context, members, postings, subscription, problems, at } from './testing/problem-rows.js';

// The shares a member holds: transfers, annulations and ends against the minimum and the sheets' sums, a posting after the exit.
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
        column: 'Nennbetrag der Anteile (EUR)',
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
