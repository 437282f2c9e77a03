import { allows } from '@coop/contracts/console';
import { today } from '../members/model';

/** The members card's exports and PDFs (issue 26, SPEC 7): each one a route of the API taking `?date=YYYY-MM-DD`. */
export const MEMBER_EXPORTS = [
  'csv',
  'xlsx',
  'ods',
  'memberList',
  'memberListActive',
  'memberBalances',
  'statements',
] as const;
export type MemberExport = (typeof MEMBER_EXPORTS)[number];

/** The route of each export (without the date) and the name to save under when the answer names none. */
const ROUTES: Record<MemberExport, { path: string; query: string; fallback: string }> = {
  csv: { path: '/export/members.csv', query: '', fallback: 'mitglieder.csv' },
  xlsx: { path: '/export/members.xlsx', query: '', fallback: 'mitglieder.xlsx' },
  ods: { path: '/export/members.ods', query: '', fallback: 'mitglieder.ods' },
  memberList: { path: '/pdf/members', query: '', fallback: 'mitgliederliste.pdf' },
  memberListActive: { path: '/pdf/members', query: 'onlyActive=true', fallback: 'mitgliederliste.pdf' },
  memberBalances: { path: '/pdf/member-balances', query: '', fallback: 'mitglieder-mit-anteilen.pdf' },
  statements: { path: '/pdf/member-statement-of-account', query: '', fallback: 'kontoauszuege.pdf' },
};

const query = (parts: ReadonlyArray<string>): string => {
  const used = parts.filter((p) => p !== '');
  return used.length > 0 ? `?${used.join('&')}` : '';
};

/**
 * The request of an export as of `date` (`YYYY-MM-DD`); `null` is today: the date is left out and the API takes its
 * business day (design 26: an absent date is today), so a clerk working past midnight in another time zone gets the
 * server's today, not the browser's.
 */
export function exportRequest(kind: MemberExport, date: string | null): { path: string; name: string } {
  const route = ROUTES[kind];
  return {
    path: `${route.path}${query([route.query, date ? `date=${encodeURIComponent(date)}` : ''])}`,
    name: route.fallback,
  };
}

/** The member dashboard's statement of account of one member (today: no date, as above). */
export function memberStatementRequest(memberId: string, date: string | null = null): { path: string; name: string } {
  return {
    path: `/pdf/member-statement-of-account${query([`member=${encodeURIComponent(memberId)}`, date ? `date=${encodeURIComponent(date)}` : ''])}`,
    name: 'kontoauszug.pdf',
  };
}

/** The menu's fixed dates: the last day of last year and of the year before (the usual balance-sheet dates). */
export function yearEnds(now = new Date()): { lastYear: string; yearBefore: string } {
  const year = now.getFullYear();
  return { lastYear: `${year - 1}-12-31`, yearBefore: `${year - 2}-12-31` };
}

/** The calendar's range: ten years back to today (both ends included), as `YYYY-MM-DD`. */
export function calendarRange(now = new Date()): { min: string; max: string } {
  const max = today(now);
  const back = new Date(now.getFullYear() - 10, now.getMonth(), now.getDate());
  // 29 February ten years back may not exist: JavaScript rolls it to 1 March, which stays inside the ten years.
  return { min: today(back), max };
}

/**
 * Who sees the members card with its exports: the roles the matrix grants `members:read` (contracts/src/permissions.ts), which
 * both `GET /dashboard` and the export routes demand; a user administrator alone would see only a refusal.
 */
export function readsMembers(roles: readonly string[] | undefined): boolean {
  return allows(roles, 'members:read');
}
