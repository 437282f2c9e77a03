import type { MemberEvent } from '@coop/contracts';
import { M, terms } from '../../kernel/testing/member-events.js';

/** The membership-end specs' events and command parts (membership-end*.decider.unit.spec.ts). */
export const noticed = (
  fields: Partial<Extract<MemberEvent, { type: 'MembershipEndNoticed' }>['data']>,
): MemberEvent => ({
  type: 'MembershipEndNoticed',
  data: {
    memberId: M,
    balanceId: 'b-new',
    reason: 'exit',
    noticeDate: '2026-09-30',
    effectiveDate: '2026-12-31',
    dispatchDate: null,
    noticePeriodMonths: 3,
    extraordinaryReason: null,
    ...fields,
  },
});
export const exitOn = (
  date: string,
  reason: 'death' | 'dissolution' | 'exclusion' | 'exit' = 'exit',
  balanceId = 'b-new',
): MemberEvent => ({
  type: 'MemberExited',
  data: { memberId: M, exitDate: date, reason, balanceId },
});
export const notice = (date: string, more: { dispatchDate?: string; extraordinaryReason?: string } = {}) => ({
  notice: { date, ...more },
});
export const withPeriod = (months: number) => ({ terms: { ...terms, noticePeriodMonths: months } });
