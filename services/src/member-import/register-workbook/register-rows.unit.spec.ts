import type { MemberDto, ReadDocument, RecordedEvent } from '@coop/contracts';
import { readBalance } from '@coop/projections/share-ledger';
import { IMPORT_FIELDS } from '../replay/import-fields.js';
import { comparePostings, memberRow, noticesOf, postingRow, REGISTER_SHEETS } from './register-rows.js';

const recorded = (type: string, data: Record<string, unknown>): RecordedEvent =>
  ({ type, data, metadata: {}, streamId: 'member-m1', revision: 0, position: 0n }) as unknown as RecordedEvent;

describe('the register as import rows', () => {
  it('has a sheet per kind with every field of the catalogue', () => {
    expect(REGISTER_SHEETS.map((s) => s.name)).toEqual([
      'Mitglieder',
      'Buchungen',
      'Freistellungsaufträge',
      'NV-Bescheinigungen',
    ]);
    for (const sheet of REGISTER_SHEETS) expect(sheet.fields).toBe(IMPORT_FIELDS[sheet.kind]);
  });

  it('gives a member every field of the catalogue, the spouse by member number and choices as their stored value', () => {
    const m = {
      id: 'm2',
      memberNr: 7,
      memberType: 1,
      position: 0,
      salutation: 'Frau',
      postalSalutation: 'femaleDr',
      title: 'Dr',
      spouse: 'm1',
      isForeign: false,
      shareAmount: 3,
      shareTotalEUR: 75000,
      entryDate: '2020-01-02',
      name: 'Muster',
      givenName: '',
    } as unknown as MemberDto;
    const row = memberRow(
      m,
      new Map([
        ['m1', 4],
        ['m2', 7],
      ]),
    );
    expect(Object.keys(row).sort()).toEqual(IMPORT_FIELDS.members.map((f) => f.key).sort());
    expect(row).toMatchObject({
      memberNr: 7,
      memberType: '1',
      position: '0',
      postalSalutation: 'femaleDr',
      title: 'Dr',
      spouseMemberNr: 4,
      shareAmount: 3,
      capital: 75000,
      givenName: null,
      isForeign: false,
    });
  });

  it('finds the notice of a partial termination and of an end (a withdrawn one too) on the member stream', () => {
    const notices = noticesOf([
      recorded('SharesPosted', { balanceId: 'b1', type: 1, date: '2020-01-01' }),
      recorded('SharesPosted', { balanceId: 'b2', type: 2, noticeDate: '2021-03-04', date: '2023-12-31' }),
      recorded('MembershipEndNoticed', {
        balanceId: 'b3',
        noticeDate: '2022-05-06',
        dispatchDate: '2022-05-07',
        effectiveDate: '2022-12-31',
      }),
      recorded('MembershipEndWithdrawn', { balanceId: 'b3', annulment: 'b4', date: '2022-06-01' }),
    ]);
    expect([...notices.entries()]).toEqual([
      ['b2', { noticeDate: '2021-03-04', dispatchDate: null }],
      ['b3', { noticeDate: '2022-05-06', dispatchDate: '2022-05-07' }],
    ]);
  });

  it('names a posting by its balance id, its transfer half and annulled posting by theirs', () => {
    const doc = readBalance({
      id: 'b9',
      cooperativeId: 'c',
      position: '1',
      member: 'm1',
      memberNr: 4,
      type: 3,
      quantity: 2,
      amount: -50000,
      date: '2024-02-01',
      approvalDate: '2024-02-01',
      interestBegin: '2024-03-01',
      transferPeer: 'b10',
      transferMemberNr: 7,
      annulPeer: null,
      rueckpfleinzahlung: -50000,
    } as unknown as ReadDocument);
    const row = postingRow(doc, new Map([['m1', 4]]), undefined);
    expect(Object.keys(row).sort()).toEqual(IMPORT_FIELDS.postings.map((f) => f.key).sort());
    expect(row).toMatchObject({
      memberNr: 4,
      ref: 'b9',
      type: '3',
      quantity: 2,
      amount: -50000,
      transferRef: 'b10',
      transferMemberNr: 7,
      annulRef: null,
      noticeDate: null,
    });
  });

  it('orders postings by date, then as the log wrote them, an annulation after the original it shares a position with', () => {
    const p = (id: string, date: string, position: string, type = 1) =>
      readBalance({ id, cooperativeId: 'c', date, position, type } as unknown as ReadDocument);
    const sorted = [
      p('a', '2024-01-02', '5'),
      p('x', '2024-01-01', '12', 5),
      p('o', '2024-01-01', '12', 8),
      p('b', '2024-01-01', '9'),
    ].sort(comparePostings);
    expect(sorted.map((d) => d.id)).toEqual(['b', 'o', 'x', 'a']);
  });
});
