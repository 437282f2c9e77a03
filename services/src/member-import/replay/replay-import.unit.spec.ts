import type { DomainEvent } from '@coop/contracts';
import type { ImportRow, ImportValue } from '../import-types.js';
import { generatedRegister, importRow, personValues, replayContext } from './generated-register.js';
import { replayImport } from './replay-import.js';

const context = replayContext;

/** Rows of one sheet numbered from 2 (the header is row 1). */
function sheet(kind: ImportRow['kind'], rows: readonly Record<string, ImportValue>[]): ImportRow[] {
  return rows.map((values, i) => importRow(kind, i + 2, values));
}
const member = (nr: number, entry: string, extra: Record<string, ImportValue> = {}): Record<string, ImportValue> =>
  personValues(nr, entry, extra);
const subscription = (
  nr: number,
  quantity: number,
  date: string,
  extra: Record<string, ImportValue> = {},
): Record<string, ImportValue> => ({
  memberNr: nr,
  ref: `S${nr}`,
  type: 0,
  quantity,
  date,
  approvalDate: date,
  ...extra,
});

const eventsOf = (
  decisions: readonly { streamId: string; events: readonly DomainEvent[] }[],
  streamId: string,
): DomainEvent[] => decisions.filter((d) => d.streamId === streamId).flatMap((d) => d.events);
const memberIdOf = (decisions: readonly { events: readonly DomainEvent[] }[], nr: number): string => {
  for (const d of decisions)
    for (const e of d.events)
      if (e.type === 'MemberAdmitted' && (e.data as { memberNr: number }).memberNr === nr)
        return (e.data as { memberId: string }).memberId;
  throw new Error(`member ${nr} not admitted`);
};

describe('replayImport: a clean register', () => {
  const members = sheet('members', [
    member(1, '2015-01-01', { civilStatus: 1, spouseMemberNr: 2, shareAmount: 4, capital: 100_000 }),
    member(2, '2016-03-01', { civilStatus: 1, spouseMemberNr: 1, shareAmount: 1 }),
    member(3, '2015-06-01', { shareAmount: 3 }),
    member(4, '2017-01-01', { shareAmount: 2 }),
    member(5, '2018-01-01', { shareAmount: 1 }),
    member(6, '2010-01-01', { shareAmount: 0 }),
    member(7, '2010-01-01', { shareAmount: 0 }),
    member(8, '2010-01-01', { shareAmount: 2 }),
    member(9, '2019-01-01', { shareAmount: 2 }),
  ]);
  const postings = sheet('postings', [
    subscription(1, 2, '2015-01-01'),
    {
      memberNr: 1,
      ref: 'P1',
      type: 1,
      quantity: 3,
      amount: 75_000,
      rueckpfleinzahlung: 70_000,
      date: '2016-02-01',
      approvalDate: '2016-02-03',
    },
    subscription(2, 1, '2016-03-01'),
    subscription(3, 2, '2015-06-01'),
    // A transfer paired by its references.
    {
      memberNr: 1,
      ref: 'T1',
      transferRef: 'T2',
      type: 3,
      quantity: 1,
      date: '2017-05-05',
      approvalDate: '2017-05-05',
      transferMemberNr: 3,
    },
    {
      memberNr: 3,
      ref: 'T2',
      transferRef: 'T1',
      type: 4,
      quantity: 1,
      date: '2017-05-05',
      approvalDate: '2017-05-05',
      transferMemberNr: 1,
    },
    // A transfer paired by date, quantity and members, annulled from the receiving side (the giving side's row is the same annulation).
    {
      memberNr: 1,
      ref: 'T3',
      type: 3,
      quantity: 1,
      date: '2018-03-03',
      approvalDate: '2018-03-03',
      transferMemberNr: 2,
    },
    {
      memberNr: 2,
      ref: 'T4',
      type: 4,
      quantity: 1,
      date: '2018-03-03',
      approvalDate: '2018-03-03',
      transferMemberNr: 1,
    },
    { memberNr: 2, ref: 'A1', type: 5, annulRef: 'T4', date: '2018-03-20' },
    { memberNr: 1, ref: 'A2', type: 5, annulRef: 'T3', date: '2018-03-20' },
    // An exit whose notice was withdrawn before it took effect.
    subscription(4, 2, '2017-01-01'),
    { memberNr: 4, ref: 'E4', type: 8, noticeDate: '2020-06-01', date: '2020-12-31', approvalDate: '2020-06-02' },
    { memberNr: 4, ref: 'A4', type: 5, annulRef: 'E4', date: '2020-08-01' },
    // An exit taking effect after today.
    subscription(5, 1, '2018-01-01'),
    { memberNr: 5, ref: 'E5', type: 8, noticeDate: '2026-09-15', date: '2026-12-31', approvalDate: '2026-09-16' },
    subscription(6, 1, '2010-01-01'),
    {
      memberNr: 6,
      ref: 'D6',
      type: 6,
      noticeDate: '2020-05-10',
      date: '2020-12-31',
      approvalDate: '2020-05-20',
      amount: -25_000,
    },
    subscription(7, 1, '2010-01-01'),
    {
      memberNr: 7,
      ref: 'X7',
      type: 7,
      noticeDate: '2019-02-01',
      dispatchDate: '2019-02-03',
      date: '2019-12-31',
      approvalDate: '2019-02-01',
    },
    subscription(8, 3, '2010-01-01'),
    {
      memberNr: 8,
      ref: 'K8',
      type: 2,
      quantity: 1,
      noticeDate: '2021-05-01',
      date: '2021-12-31',
      approvalDate: '2021-05-03',
    },
  ]);
  const orders = sheet('exemptionOrders', [
    {
      memberNr: 1,
      type: 0,
      joint: true,
      spouseMemberNr: 2,
      amount: 200_000,
      date: '2022-12-01',
      startDate: '2023-01-01',
      endDate: null,
    },
  ]);
  const certificates = sheet('nonAssessments', [
    {
      memberNr: 9,
      type: 100,
      orderNumber: 'NV-1',
      date: '2024-11-01',
      taxAuthorities: 'Finanzamt München',
      startDate: '2025-01-01',
      endDate: '2027-12-31',
      original: true,
    },
  ]);
  const outcome = replayImport([...members, ...postings, ...orders, ...certificates], context());

  it('finds no problem', () => {
    expect(outcome.problems).toEqual([]);
  });

  it('sums up members, postings by type, papers and the holdings today in cents', () => {
    expect(outcome.summary).toEqual({
      members: 9,
      postingsByType: { 0: 9, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 1, 7: 1, 8: 2 },
      exemptionOrders: 1,
      nonAssessments: 1,
      asOf: '2026-11-26',
      activeMembers: 7,
      shares: 15,
      capitalCents: 375_000,
      events: outcome.decisions.reduce((n, d) => n + d.events.length, 0),
    });
  });

  it('admits with the given numbers on their claim streams and moves the sequence', () => {
    const claims = outcome.decisions.filter((d) => d.streamId.startsWith('membernr-coop-1-'));
    expect(claims.map((d) => d.streamId).sort()).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((nr) => `membernr-coop-1-${nr}`).sort(),
    );
    const sequence = outcome.decisions.filter((d) => d.streamId === 'membernr-seq-coop-1');
    // In order of entry: 6 (2010), 7, 8, then 1 (2015), 3, 2, 4, 5, 9; each higher number moves it.
    expect(sequence.map((d) => [d.expected, (d.events[0]!.data as { memberNr: number }).memberNr])).toEqual([
      [-1, 6],
      [0, 7],
      [1, 8],
      [2, 9],
    ]);
  });

  it('links the spouses both ways: the later names the earlier, who is changed to name the later', () => {
    const anna = memberIdOf(outcome.decisions, 1);
    const bernd = memberIdOf(outcome.decisions, 2);
    expect(eventsOf(outcome.decisions, `member-${bernd}`)[0]).toMatchObject({
      type: 'MemberAdmitted',
      data: { spouse: anna },
    });
    expect(eventsOf(outcome.decisions, `member-${anna}`)).toContainEqual({
      type: 'MemberDataChanged',
      data: { memberId: anna, spouse: bernd },
    });
    expect(eventsOf(outcome.decisions, `exemptionorders-${anna}`)).toEqual([
      expect.objectContaining({
        type: 'ExemptionOrderRecorded',
        data: expect.objectContaining({ joint: true, spouse: bernd, amount: 200_000 }),
      }),
    ]);
  });

  it('records the payment that differs from the amount, and the ends dated by the law', () => {
    const anna = eventsOf(outcome.decisions, `member-${memberIdOf(outcome.decisions, 1)}`);
    expect(anna).toContainEqual(
      expect.objectContaining({
        type: 'SharePaymentCorrected',
        data: expect.objectContaining({ rueckpfleinzahlung: 70_000 }),
      }),
    );
    const dora = eventsOf(outcome.decisions, `member-${memberIdOf(outcome.decisions, 4)}`).map((e) => e.type);
    expect(dora).toEqual([
      'MemberAdmitted',
      'SharesPosted',
      'MembershipEndNoticed',
      'SharesPosted',
      'MemberExited',
      'MembershipEndWithdrawn',
      'PostingAnnulled',
      'MemberExitRevoked',
    ]);
    const emil = eventsOf(outcome.decisions, `member-${memberIdOf(outcome.decisions, 5)}`);
    expect(emil).toContainEqual({
      type: 'MemberExited',
      data: expect.objectContaining({ exitDate: '2026-12-31', reason: 'exit' }),
    });
  });

  it('annuls both halves of an annulled transfer once', () => {
    const annulments = outcome.decisions
      .flatMap((d) => d.events)
      .filter((e) => e.type === 'PostingAnnulled' && (e.data as { originalType: number }).originalType !== 8);
    expect(annulments.map((e) => (e.data as { originalType: number }).originalType).sort()).toEqual([3, 4]);
  });

  it('appends each stream at the revision it has then', () => {
    const revisions = new Map<string, number>();
    for (const d of outcome.decisions) {
      expect(d.expected).toBe(revisions.get(d.streamId) ?? -1);
      revisions.set(d.streamId, (revisions.get(d.streamId) ?? -1) + d.events.length);
    }
  });
});

describe('replayImport: a transfer while an exit is pending', () => {
  const members = sheet('members', [
    member(1, '2015-01-01', { shareAmount: 0 }),
    member(2, '2015-01-01', { shareAmount: 2 }),
  ]);
  const history: Record<string, ImportValue>[] = [
    subscription(1, 3, '2015-01-01'),
    subscription(2, 1, '2015-01-01'),
    { memberNr: 1, ref: 'E1', type: 8, noticeDate: '2020-03-01', date: '2020-12-31', approvalDate: '2020-03-02' },
    {
      memberNr: 1,
      ref: 'T1',
      type: 3,
      quantity: 1,
      date: '2020-06-01',
      approvalDate: '2020-06-01',
      transferMemberNr: 2,
    },
    {
      memberNr: 2,
      ref: 'T2',
      type: 4,
      quantity: 1,
      date: '2020-06-01',
      approvalDate: '2020-06-01',
      transferMemberNr: 1,
    },
  ];
  const restated: Record<string, ImportValue>[] = [
    // As this product's register shows the re-statement: the exit annulled and posted again for what remains.
    { memberNr: 1, ref: 'A1', type: 5, annulRef: 'E1', date: '2020-12-31' },
    { memberNr: 1, ref: 'E2', type: 8, date: '2020-12-31', approvalDate: '2020-06-01', amount: -50_000 },
  ];

  it.each([
    ['without the re-statement rows (another program)', history],
    ['with the re-statement rows (this product)', [...history, ...restated]],
  ])('re-states the exit once, %s', (_name, rows) => {
    const outcome = replayImport([...members, ...sheet('postings', rows)], context());
    expect(outcome.problems).toEqual([]);
    const giver = eventsOf(outcome.decisions, `member-${memberIdOf(outcome.decisions, 1)}`).map((e) => e.type);
    expect(giver).toEqual([
      'MemberAdmitted',
      'SharesPosted',
      'MembershipEndNoticed',
      'SharesPosted',
      'MemberExited',
      'SharesPosted',
      'PostingAnnulled',
      'SharesPosted',
      'MemberExited',
    ]);
    expect(outcome.summary).toMatchObject({ shares: 2, postingsByType: { 3: 1, 4: 1, 5: 1, 8: 2 } });
  });
});

describe('replayImport: an end withdrawn while pending, then further postings (issue 39, demo seed 11)', () => {
  const members = sheet('members', [member(1, '2016-01-15', { shareAmount: 5, capital: 125_000 })]);
  // As this product exports a withdrawn exit: the annulation dated on the exit's effective date, approved on the day
  // the notice was withdrawn; the postings after that day were possible only once it was.
  const rows = (withdrawnOn: string): Record<string, ImportValue>[] => [
    subscription(1, 2, '2016-01-15'),
    { memberNr: 1, ref: 'E1', type: 8, noticeDate: '2022-01-20', date: '2022-12-31', approvalDate: '2022-01-27' },
    { memberNr: 1, ref: 'A1', type: 5, annulRef: 'E1', date: '2022-12-31', approvalDate: withdrawnOn },
    { memberNr: 1, ref: 'P1', type: 1, quantity: 2, date: '2022-05-13', approvalDate: '2022-05-20' },
    { memberNr: 1, ref: 'P2', type: 1, quantity: 1, date: '2022-09-23', approvalDate: '2022-09-30' },
  ];

  it('decides the withdrawal on its approval date, before the postings that followed it', () => {
    const outcome = replayImport([...members, ...sheet('postings', rows('2022-04-01'))], context());
    expect(outcome.problems).toEqual([]);
    expect(outcome.summary).toMatchObject({
      shares: 5,
      capitalCents: 125_000,
      postingsByType: { 0: 1, 1: 2, 5: 1, 8: 1 },
    });
  });

  it('refuses a posting the file dates while the end was still pending', () => {
    const outcome = replayImport([...members, ...sheet('postings', rows('2022-07-10'))], context());
    expect(outcome.problems.map((p) => [p.row, p.template])).toEqual([
      [2, 'importHoldingDiffers'],
      [2, 'importHoldingDiffers'],
      [5, 'memberHasExited'],
    ]);
  });
});

describe('generatedRegister (the measured register)', () => {
  it('replays without a problem to the holdings its members sheet gives', () => {
    const rows = generatedRegister(30);
    const outcome = replayImport(rows, context());
    expect(outcome.problems).toEqual([]);
    const held = rows.filter((r) => r.kind === 'members').reduce((n, r) => n + (r.values.shareAmount as number), 0);
    expect(outcome.summary).toMatchObject({
      members: 30,
      shares: held,
      capitalCents: held * 25_000,
      postingsByType: { 0: 30, 1: 180, 3: 29, 4: 29, 5: 30, 8: 3 },
    });
  });
});

describe('replayImport for a dry run (decision 204)', () => {
  it('counts the decisions without keeping them, to the same summary, problems and warnings as a replay that keeps them', () => {
    const rows = generatedRegister(30);
    // a refused row and a warning too: the counting must not change what is found
    rows.push(
      importRow('postings', 999, {
        memberNr: 77,
        ref: 'X1',
        type: 1,
        quantity: 1,
        date: '2020-01-01',
        approvalDate: '2020-01-01',
      }),
    );
    let n = 0;
    const ids = () => ({ newId: () => `00000000-0000-7000-8000-${String(n++).padStart(12, '0')}` });
    const kept = replayImport(rows, context(ids()));
    n = 0;
    const counted = replayImport(rows, context({ ...ids(), keepDecisions: false }));
    expect(counted.decisions).toEqual([]);
    expect(kept.decisions.length).toBeGreaterThan(60);
    expect(counted.summary).toEqual(kept.summary);
    expect(counted.summary.events).toBe(kept.decisions.reduce((s, d) => s + d.events.length, 0));
    expect(counted.problems).toEqual(kept.problems);
    expect(counted.problems.length).toBeGreaterThan(0);
    expect(counted.warnings).toEqual(kept.warnings);
  });
});
