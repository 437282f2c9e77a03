import type { DividendRegisterEvent, MemberEvent } from '@coop/contracts';
import { closedThroughOf } from '../../kernel/closed-years.js';
import { evolveMemberStream } from '../../kernel/member-stream.js';
import { COOP, err } from '../../kernel/testing/member-events.js';
import { shareLedgerDecider, type LedgerCommand } from '../domain/ledger.decider.js';

/**
 * Issue 23: once a year's dividend is closing or closed (the register `dividends-<coop>`), a posting or annulation dated
 * in or before it is refused with `closedYear`; corrections go into the next open year. Given the register's events
 * (folded as the handler folds them) and the member's, when the posting, then `closedYear` on the field at fault.
 */

/** The events the decider records for `command` given `events` (it must not refuse). */
export const recorded = (events: readonly MemberEvent[], command: LedgerCommand): MemberEvent[] =>
  shareLedgerDecider.decide(command, events.reduce(evolveMemberStream, shareLedgerDecider.initialState()));
export const closing = (year: number): DividendRegisterEvent => ({
  type: 'DividendYearClosing',
  data: { cooperativeId: COOP, year, dividendId: `d-${year}` },
});
export const closed = (year: number): DividendRegisterEvent => ({
  type: 'DividendYearClosed',
  data: { cooperativeId: COOP, year, dividendId: `d-${year}` },
});

/** The register with 2024 closed and 2025 closing: every day up to 31.12.2025 is final. */
export const register = [closing(2024), closed(2024), closing(2025)];
export const in2025 = { closedThrough: closedThroughOf(register) };
export const closedYear = (field: string) => err(field, 'closedYear', '2025');

export const open2026 = { date: '2026-02-10', approvalDate: '2026-02-10', interestBegin: '2026-03-01' };
