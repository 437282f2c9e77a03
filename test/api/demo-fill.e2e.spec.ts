import type { BalanceDto, MemberDto } from '@coop/contracts';
import { DemoRefusedError, fillDemo } from '../../services/src/demo/demo.js';
import { startApp, type TestApp } from './support/app.js';
import { all, MEMBERS } from './support/demo.js';

// The demo's fill itself: it refuses a store that has members, and the same seed gives the same data. What the demo
// holds: demo.e2e.spec.ts.
describe('demo data (npm run demo) through the API', () => {
  let t: TestApp;
  let members: MemberDto[];
  let balances: BalanceDto[];

  beforeAll(async () => {
    t = await startApp();
    await fillDemo(t.running, { members: MEMBERS, postings: MEMBERS * 10, seed: 7 });
    members = await all<MemberDto>(t.http, t.adminToken, '/api/v1/members');
    balances = await all<BalanceDto>(t.http, t.adminToken, '/api/v1/balances');
  }, 90_000);
  afterAll(async () => t.close());

  it('refuses to run on a store that has members, and writes nothing', async () => {
    const head = await t.running.storage.events.headPosition();
    await expect(fillDemo(t.running, { members: 5 })).rejects.toThrow(DemoRefusedError);
    expect(await t.running.storage.events.headPosition()).toBe(head);
  });

  it('is deterministic: the same seed gives the same members and postings', async () => {
    const again = await startApp();
    try {
      await fillDemo(again.running, { members: MEMBERS, postings: MEMBERS * 10, seed: 7 });
      const members2 = await all<MemberDto>(again.http, again.adminToken, '/api/v1/members');
      const pick = (m: MemberDto): unknown[] => [
        m.id,
        m.memberNr,
        m.name,
        m.givenName,
        m.iban,
        m.shareAmount,
        m.exitDate,
      ];
      expect(members2.map(pick)).toEqual(members.map(pick));
      const balances2 = await all<BalanceDto>(again.http, again.adminToken, '/api/v1/balances');
      expect(balances2.map((b) => [b.id, b.type, b.amount, b.date])).toEqual(
        balances.map((b) => [b.id, b.type, b.amount, b.date]),
      );
    } finally {
      await again.close();
    }
  });
});
