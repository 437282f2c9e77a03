import { describe, expect, it } from '@jest/globals';
import type { MemberEvent, ReadDocument } from '@coop/contracts';
import { keyOf } from '../runner/projector.js';
import { membersProjector } from './members.projector.js';
import { COOP, master, recorded, restartPositions } from './testing/members-history.js';

/**
 * The documents the members' projector writes, as their stored JSON (fields, values and key order): a posting's row is
 * one literal and an admission is copied key by key for speed (decision 288), and the stored text must stay what the
 * spreads made (a rebuild's equivalence and the documents' readers compare it).
 */
function project(events: readonly MemberEvent[]): Map<string, string> {
  restartPositions();
  const docs = new Map<string, ReadDocument>();
  for (const event of events) {
    const e = recorded(event, `member-${(event.data as { memberId: string }).memberId}`);
    for (const op of membersProjector.project(e, (key) => docs.get(keyOf(key)))) {
      if (op.kind === 'put') docs.set(keyOf({ collection: op.collection, id: op.doc.id }), op.doc);
    }
  }
  return new Map([...docs].map(([key, doc]) => [key.split('\u0000').join('/'), JSON.stringify(doc)]));
}

const dates = { date: '2025-03-01', approvalDate: '2025-03-05', interestBegin: '2025-04-01' };

describe("the members' projector's stored documents", () => {
  const stored = project([
    {
      type: 'MemberAdmitted',
      data: { memberId: 'm1', cooperativeId: COOP, memberNr: 1, ...master('Berger', 'Anna') },
    },
    {
      type: 'MemberAdmitted',
      data: { memberId: 'm2', cooperativeId: COOP, memberNr: 2, ...master('Stadtwerke eG', null, 1) },
    },
    // A subscription paid in part when posted (issue 45).
    {
      type: 'SharesPosted',
      data: {
        memberId: 'm1',
        balanceId: 'b1',
        type: 1,
        quantity: 2,
        amount: 50_000,
        shareCost: 25_000,
        paid: 10_000,
        ...dates,
      },
    },
    // A transfer of one share, its Geschäftsguthaben 5,000 cents.
    {
      type: 'SharesPosted',
      data: {
        memberId: 'm1',
        balanceId: 'b2',
        type: 3,
        quantity: -1,
        amount: -25_000,
        shareCost: 25_000,
        paid: -5_000,
        transferTo: 'm2',
        transferPeer: 'b3',
        ...dates,
      },
    },
    {
      type: 'SharesPosted',
      data: {
        memberId: 'm2',
        balanceId: 'b3',
        type: 4,
        quantity: 1,
        amount: 25_000,
        shareCost: 25_000,
        paid: 5_000,
        transferFrom: 'm1',
        transferPeer: 'b2',
        ...dates,
      },
    },
    // The transfer's giving half annulled, its payment reversed.
    {
      type: 'PostingAnnulled',
      data: {
        memberId: 'm1',
        balanceId: 'b4',
        annulPeer: 'b2',
        originalType: 3,
        quantity: 1,
        amount: 25_000,
        paid: 5_000,
        date: '2025-05-01',
        approvalDate: null,
        interestBegin: null,
      },
    },
  ]);

  // The stored text of each document, as the code before decision 288 wrote it for these events (its spreads).
  const expected: Record<string, unknown> = {
    'members/m1': {
      memberNr: 1,
      name: 'Berger',
      givenName: 'Anna',
      legalForm: 0,
      memberType: 1,
      entryDate: '2025-01-01',
      city: 'Potsdam',
      isForeign: false,
      nameKey: 'berger|anna',
      taxIdKey: null,
      memberPosition: 2,
      id: 'm1',
      cooperativeId: 'coop-1',
      memberFrom: '2025-01-01',
      exitDate: null,
      exitReason: null,
      exitBalanceId: null,
      memberUntil: '9999-12-31',
      shareAmount: 4,
      shareTotalEUR: 50000,
      postings: [
        {
          b: 'b1',
          d: '2025-03-01',
          s: 2,
          a: 50000,
          // Further shares count from their admission (§ 15b GenG, decision 314 amended).
          e: '2025-03-05',
        },
        {
          b: 'b2',
          d: '2025-03-01',
          s: 1,
          a: -25000,
        },
        {
          b: 'b4',
          d: '2025-05-01',
          s: 1,
          a: 25000,
        },
      ],
      position: '6',
    },
    'memberstats/coop-1': {
      id: 'coop-1',
      cooperativeId: 'coop-1',
      balanceSum: 75000,
      shareSum: 5,
      memberTotal: 2,
      yearEndSums: {},
      position: '6',
    },
    'members/m2': {
      memberNr: 2,
      name: 'Stadtwerke eG',
      givenName: null,
      legalForm: 1,
      memberType: 1,
      entryDate: '2025-01-01',
      city: 'Potsdam',
      isForeign: false,
      nameKey: 'stadtwerkeeg|',
      taxIdKey: null,
      memberPosition: 2,
      id: 'm2',
      cooperativeId: 'coop-1',
      memberFrom: '2025-01-01',
      exitDate: null,
      exitReason: null,
      exitBalanceId: null,
      memberUntil: '9999-12-31',
      shareAmount: 1,
      shareTotalEUR: 25000,
      postings: [
        {
          b: 'b3',
          d: '2025-03-01',
          s: 1,
          a: 25000,
        },
      ],
      position: '5',
    },
    'balances/b1': {
      id: 'b1',
      cooperativeId: 'coop-1',
      member: 'm1',
      memberName: 'Berger, Anna',
      memberNr: 1,
      quantity: 2,
      amount: 50000,
      date: '2025-03-01',
      approvalDate: '2025-03-05',
      sharesFrom: '2025-03-05',
      interestBegin: '2025-04-01',
      transferPeer: null,
      annulated: false,
      shareAmount: 2,
      rueckpfleinzahlung: 10000,
      interestEnd: null,
      cdcUser: 'clerk',
      cdcAction: 'insert',
      cdcTimestamp: '2025-06-04T10:00:00.000Z',
      versions: [
        {
          cdcUser: 'clerk',
          cdcAction: 'insert',
          cdcTimestamp: '2025-06-04T10:00:00.000Z',
          rueckpfleinzahlung: 10000,
          interestEnd: null,
          effectiveDate: '2025-03-01',
        },
      ],
      type: 1,
      shareCost: 25000,
      transferTo: null,
      transferFrom: null,
      transferMemberNr: null,
      annulPeer: null,
      position: '3',
    },
    'balances/b2': {
      id: 'b2',
      cooperativeId: 'coop-1',
      member: 'm1',
      memberName: 'Berger, Anna',
      memberNr: 1,
      quantity: -1,
      amount: -25000,
      date: '2025-03-01',
      approvalDate: '2025-03-05',
      sharesFrom: '2025-03-01',
      interestBegin: '2025-04-01',
      transferPeer: 'b3',
      annulated: true,
      shareAmount: 1,
      rueckpfleinzahlung: -5000,
      interestEnd: null,
      cdcUser: 'clerk',
      cdcAction: 'insert',
      cdcTimestamp: '2025-06-05T10:00:00.000Z',
      versions: [
        {
          cdcUser: 'clerk',
          cdcAction: 'insert',
          cdcTimestamp: '2025-06-05T10:00:00.000Z',
          rueckpfleinzahlung: -5000,
          interestEnd: null,
          effectiveDate: '2025-03-01',
        },
      ],
      type: 3,
      shareCost: 25000,
      transferTo: 'm2',
      transferFrom: null,
      transferMemberNr: 2,
      annulPeer: null,
      position: '6',
    },
    'balances/b3': {
      id: 'b3',
      cooperativeId: 'coop-1',
      member: 'm2',
      memberName: 'Stadtwerke eG',
      memberNr: 2,
      quantity: 1,
      amount: 25000,
      date: '2025-03-01',
      approvalDate: '2025-03-05',
      sharesFrom: '2025-03-01',
      interestBegin: '2025-04-01',
      transferPeer: 'b2',
      annulated: false,
      shareAmount: 1,
      rueckpfleinzahlung: 5000,
      interestEnd: null,
      cdcUser: 'clerk',
      cdcAction: 'insert',
      cdcTimestamp: '2025-06-06T10:00:00.000Z',
      versions: [
        {
          cdcUser: 'clerk',
          cdcAction: 'insert',
          cdcTimestamp: '2025-06-06T10:00:00.000Z',
          rueckpfleinzahlung: 5000,
          interestEnd: null,
          effectiveDate: '2025-03-01',
        },
      ],
      type: 4,
      shareCost: 25000,
      transferTo: null,
      transferFrom: 'm1',
      transferMemberNr: 1,
      annulPeer: null,
      position: '5',
    },
    'balances/b4': {
      id: 'b4',
      cooperativeId: 'coop-1',
      member: 'm1',
      memberName: 'Berger, Anna',
      memberNr: 1,
      quantity: 1,
      amount: 25000,
      date: '2025-05-01',
      approvalDate: null,
      sharesFrom: '2025-05-01',
      interestBegin: null,
      transferPeer: null,
      annulated: false,
      shareAmount: 1,
      rueckpfleinzahlung: 5000,
      interestEnd: null,
      cdcUser: 'clerk',
      cdcAction: 'insert',
      cdcTimestamp: '2025-06-07T10:00:00.000Z',
      versions: [
        {
          cdcUser: 'clerk',
          cdcAction: 'insert',
          cdcTimestamp: '2025-06-07T10:00:00.000Z',
          rueckpfleinzahlung: 5000,
          interestEnd: null,
          effectiveDate: '2025-05-01',
        },
      ],
      type: 5,
      shareCost: 25000,
      transferTo: null,
      transferFrom: null,
      transferMemberNr: 2,
      annulPeer: 'b2',
      position: '6',
    },
  };

  it.each(Object.keys(expected))('writes %s as before, field by field in its order', (key) => {
    expect(stored.get(key)).toBe(JSON.stringify(expected[key]));
  });

  it('writes nothing else', () => {
    expect([...stored.keys()].sort()).toEqual(Object.keys(expected).sort());
  });
});
