import { describe, expect, it } from '@jest/globals';
import type { MemberEvent, MovementReportDto } from '@coop/contracts';
import { admitted, M, posted } from '../kernel/testing/member-events.js';
import { withRegister } from './testing/projected-register.js';

/*
 * Decision 367: a member declared on 10.12.2024 and admitted on 08.01.2025 (§ 15 GenG: a member from the admission)
 * whose death on 20.12.2024 was recorded before the ledger refused an end before the admission: the end posting stands
 * on 31.12.2024. The movement report counts joining and leaving alike: that member never was one, so no year counts it
 * joined or left, and every year's members add up (start + joined − left = end); a year that did not would not reconcile.
 */
const declared = { date: '2024-12-10', approvalDate: '2025-01-08', interestBegin: '2025-02-01' };
const diedBeforeAdmission: MemberEvent[] = [
  admitted({ entryDate: declared.date, approvalDate: declared.approvalDate, interestBegin: declared.interestBegin }),
  posted('b0', 0, 2, declared),
  posted('b-end', 6, 2, { date: '2024-12-31', approvalDate: '2024-12-20', interestBegin: '2025-01-01' }),
  { type: 'MemberExited', data: { memberId: M, exitDate: '2024-12-31', reason: 'death', balanceId: 'b-end' } },
];

const adds = (r: MovementReportDto): boolean => r.members.start + r.members.joined - r.members.left === r.members.end;

describe('the movement report of an end dated before the admission (decision 367)', () => {
  it('counts the member neither joined nor left, and every year adds up', async () => {
    await withRegister({ first: 2024, last: 2025, asOf: '2025-03-01' }, async ({ record, report }) => {
      await record(diedBeforeAdmission);
      const [died, admittedIn] = [await report(2024), await report(2025)];
      const members = (r: MovementReportDto) => [r.members.start, r.members.joined, r.members.left, r.members.end];
      expect([members(died), members(admittedIn)]).toEqual([
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ]);
      for (const r of [died, admittedIn]) expect(adds(r) || !r.reconciles).toBe(true);
    });
  });
});
