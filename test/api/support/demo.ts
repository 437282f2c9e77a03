import request from 'supertest';
import type { BalanceDto, MemberDto, MemberHistoryEntry } from '@coop/contracts';
import { fillDemo, type DemoSummary } from '../../../services/src/demo/demo.js';
import { auth, type TestApp } from './app.js';

import { allPages as all } from './pages.js';

export { all };

/**
 * Members of the demo under test: enough that some ends are pending on any day of the year (the demo cooperative's
 * notice period is two years, so every notice of the last year or two is still to take effect).
 */
export const MEMBERS = 120;
export const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
/** Shares a posting adds to the holding (negative for the types that take shares away). */
export const signed = (b: BalanceDto): number =>
  b.type === 5 ? b.quantity : [2, 3, 6, 7, 8].includes(b.type) ? -b.quantity : b.quantity;

/** A demo filled as `npm run demo` fills it, read back through the API: every member, posting and member history. */
export interface DemoRead {
  summary: DemoSummary;
  members: MemberDto[];
  balances: BalanceDto[];
  histories: Map<string, MemberHistoryEntry[]>;
}

export async function fillAndRead(t: TestApp): Promise<DemoRead> {
  const summary = await fillDemo(t.running, { members: MEMBERS, postings: MEMBERS * 10, seed: 7 });
  const members = await all<MemberDto>(t.http, t.adminToken, '/api/v1/members');
  const balances = await all<BalanceDto>(t.http, t.adminToken, '/api/v1/balances');
  const histories = new Map<string, MemberHistoryEntry[]>();
  for (const m of members) {
    histories.set(
      m.id,
      (await request(t.http).get(`/api/v1/members/${m.id}/history`).set(auth(t.adminToken)).expect(200))
        .body as MemberHistoryEntry[],
    );
  }
  return { summary, members, balances, histories };
}
