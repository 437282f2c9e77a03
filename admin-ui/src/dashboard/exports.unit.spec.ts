import { describe, expect, it } from '@jest/globals';
import {
  MEMBER_EXPORTS,
  calendarRange,
  exportRequest,
  memberStatementRequest,
  readsMembers,
  yearEnds,
} from './exports.js';

describe("the members card's exports", () => {
  it('asks the routes of SPEC 7, today without a date, a chosen day as YYYY-MM-DD', () => {
    expect(MEMBER_EXPORTS.map((k) => exportRequest(k, null).path)).toEqual([
      '/export/members.csv',
      '/export/members.xlsx',
      '/export/members.ods',
      '/pdf/members',
      '/pdf/members?onlyActive=true',
      '/pdf/member-balances',
      '/pdf/member-statement-of-account',
    ]);
    expect(exportRequest('xlsx', '2024-12-31').path).toBe('/export/members.xlsx?date=2024-12-31');
    expect(exportRequest('memberListActive', '2023-12-31').path).toBe('/pdf/members?onlyActive=true&date=2023-12-31');
  });

  it("asks one member's statement of account", () => {
    expect(memberStatementRequest('m 1').path).toBe('/pdf/member-statement-of-account?member=m%201');
    expect(memberStatementRequest('m1', '2024-06-30').path).toBe(
      '/pdf/member-statement-of-account?member=m1&date=2024-06-30',
    );
  });

  it('offers the last day of last year and of the year before, and a calendar from ten years back to today', () => {
    expect(yearEnds(new Date(2026, 0, 1))).toEqual({ lastYear: '2025-12-31', yearBefore: '2024-12-31' });
    expect(yearEnds(new Date(2026, 11, 31))).toEqual({ lastYear: '2025-12-31', yearBefore: '2024-12-31' });
    expect(calendarRange(new Date(2026, 10, 26))).toEqual({ min: '2016-11-26', max: '2026-11-26' });
    expect(calendarRange(new Date(2028, 1, 29))).toEqual({ min: '2018-03-01', max: '2028-02-29' });
  });

  it('shows the card to the roles holding members:read only', () => {
    for (const role of ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_USER', 'ROLE_RESTRICTED_USER'])
      expect(readsMembers([role])).toBe(true);
    expect(readsMembers(['ROLE_EDIT_USERS', 'ROLE_CHANGE_OWN_PASSWORD'])).toBe(false);
    expect(readsMembers(undefined)).toBe(false);
  });
});
