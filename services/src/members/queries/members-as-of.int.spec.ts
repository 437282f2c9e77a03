/**
 * The members as of a date (issue 26) on the real SQLite stores and projections: which members each scope holds at a
 * date (joined by then; an exit shown once noticed, out of `active` once effective; `withShares` holding > 0), the
 * holding from the postings dated up to the date, member-number order across batches, and one cooperative only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  memberStream,
  type EventMetadata,
  type MemberDto,
  type MemberEvent,
  type NewEvent,
  type PostingType,
} from '@coop/contracts';
import { areas } from '../../areas.js';
import { admitted } from '../../kernel/testing/member-events.js';
import { loadConfig } from '../../platform/config/config.js';
import { ReadModels } from '../../platform/http/read-models.js';
import { openStorage, type Storage } from '../../platform/storage.js';
import { countMembersAsOf, membersAsOf, selectMembersAsOf, type MembersAsOfScope } from './members-as-of.js';
import { memberDocuments } from './member-documents.js';
import { MemberReads } from './member-reads.js';

const COOP = 'coop-as-of';
const OTHER = 'coop-other';
const TODAY = '2026-06-01';
const SHARE = 10_000;
const MANY_COOP = 'coop-many';
const MANY = 2_345;
/** Members who declared their entry before the board admitted them (§ 15 GenG: declaration and admission). */
const ADMIT_COOP = 'coop-admission';

const meta = (cooperativeId: string): EventMetadata => ({
  cooperativeId,
  user: 'admin',
  timestamp: '2026-01-01T10:00:00.000Z',
  correlationId: 'c',
  causationId: 'c',
  schemaVersion: 1,
});

const admit = (
  id: string,
  memberNr: number,
  entryDate: string,
  cooperativeId = COOP,
  approvalDate: string | null = entryDate,
): MemberEvent => {
  const base = admitted(
    { entryDate, approvalDate, interestBegin: entryDate, name: `Name ${memberNr}` },
    id,
    cooperativeId,
  );
  return { type: 'MemberAdmitted', data: { ...(base.data as object), memberNr } } as MemberEvent;
};
const shares = (
  id: string,
  balanceId: string,
  type: PostingType,
  quantity: number,
  date: string,
  approvalDate = date,
): MemberEvent => ({
  type: 'SharesPosted',
  data: {
    memberId: id,
    balanceId,
    type,
    quantity,
    amount: ([2, 3, 6, 7, 8].includes(type) ? -1 : 1) * quantity * SHARE,
    shareCost: SHARE,
    date,
    approvalDate,
    interestBegin: date,
  },
});

let dir: string;
let storage: Storage;
let reads: ReadModels;

/*
 * The register:
 * - m7 (no. 7): joined 2024-01-01 with 3 shares, 2 more dated 2025-03-01;
 * - m2 (no. 2): joined 2024-02-01 with 1 share, left 2024-12-31 (exit posting and exit that day);
 * - m3 (no. 3): joined 2025-01-01 with 2 shares;
 * - m4 (no. 4): joined 2024-01-01 with 1 share, gave it back 2024-06-01 (holds none since);
 * - m5 (no. 5): joined 2024-01-01 with 4 shares, gave notice on 2025-01-10 to leave on 2025-12-31;
 * - another cooperative's member (no. 1), joined 2024-01-01;
 * - in ADMIT_COOP: a1 (no. 1) declared 2026-11-26, admitted 2026-12-01, its first 2 shares dated on the declaration
 *   and approved with the admission (the demo's member 300); a2 (no. 2) declared and admitted 2026-11-02, 2 further
 *   shares declared 2026-12-20 and admitted 2027-01-15 (§ 15b GenG), 1 declared 2026-12-21 to be admitted 2027-01-10
 *   and annulled 2026-12-28; a3 (no. 3) from an old register without an approval date, entered 2026-11-30.
 */
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coop-members-as-of-'));
  const config = loadConfig({
    DATA_DIR: dir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    EVENT_STORE_URL: '',
    MONGODB_URL: '',
  });
  storage = await openStorage(config, areas, { projectionThread: false, readThreads: false });
  await storage.runner.start();
  reads = new ReadModels(storage.readStore);
  const write = async (id: string, events: MemberEvent[], cooperativeId = COOP): Promise<bigint> =>
    (
      await storage.events.append(
        memberStream(id),
        'no_stream',
        events.map((e) => ({ ...e, metadata: meta(cooperativeId) }) as NewEvent),
      )
    ).position;
  await write('m7', [
    admit('m7', 7, '2024-01-01'),
    shares('m7', 'b7a', 0, 3, '2024-01-01'),
    shares('m7', 'b7b', 1, 2, '2025-03-01'),
  ]);
  await write('m2', [
    admit('m2', 2, '2024-02-01'),
    shares('m2', 'b2a', 0, 1, '2024-02-01'),
    shares('m2', 'b2b', 8, 1, '2024-12-31'),
    { type: 'MemberExited', data: { memberId: 'm2', exitDate: '2024-12-31', reason: 'exit', balanceId: 'b2b' } },
  ]);
  await write('m3', [admit('m3', 3, '2025-01-01'), shares('m3', 'b3a', 0, 2, '2025-01-01')]);
  await write('m4', [
    admit('m4', 4, '2024-01-01'),
    shares('m4', 'b4a', 0, 1, '2024-01-01'),
    shares('m4', 'b4b', 2, 1, '2024-06-01'),
  ]);
  await write('m5', [
    admit('m5', 5, '2024-01-01'),
    shares('m5', 'b5a', 0, 4, '2024-01-01'),
    {
      type: 'MembershipEndNoticed',
      data: {
        memberId: 'm5',
        balanceId: 'b5b',
        reason: 'exit',
        noticeDate: '2025-01-10',
        effectiveDate: '2025-12-31',
        dispatchDate: null,
        noticePeriodMonths: 3,
        extraordinaryReason: null,
      },
    },
    shares('m5', 'b5b', 8, 4, '2025-12-31'),
    { type: 'MemberExited', data: { memberId: 'm5', exitDate: '2025-12-31', reason: 'exit', balanceId: 'b5b' } },
  ]);
  await write('x1', [admit('x1', 1, '2024-01-01', OTHER), shares('x1', 'bx1', 0, 9, '2024-01-01')], OTHER);
  await write(
    'a1',
    [admit('a1', 1, '2026-11-26', ADMIT_COOP, '2026-12-01'), shares('a1', 'ba1', 0, 2, '2026-11-26', '2026-12-01')],
    ADMIT_COOP,
  );
  await write(
    'a2',
    [
      admit('a2', 2, '2026-11-02', ADMIT_COOP),
      shares('a2', 'ba2', 0, 1, '2026-11-02'),
      shares('a2', 'ba2b', 1, 2, '2026-12-20', '2027-01-15'),
      shares('a2', 'ba2c', 1, 1, '2026-12-21', '2027-01-10'),
      {
        type: 'PostingAnnulled',
        data: {
          memberId: 'a2',
          balanceId: 'ba2d',
          annulPeer: 'ba2c',
          originalType: 1,
          quantity: -1,
          amount: -SHARE,
          date: '2026-12-28',
          approvalDate: null,
          interestBegin: null,
        },
      },
    ],
    ADMIT_COOP,
  );
  await write(
    'a3',
    [admit('a3', 3, '2026-11-30', ADMIT_COOP, null), shares('a3', 'ba3', 0, 1, '2026-11-30')],
    ADMIT_COOP,
  );
  // More members than one batch (1000), written in falling member-number order.
  const many = Array.from({ length: MANY }, (_v, i) => MANY - i).map((nr) => ({
    streamId: memberStream(`n${nr}`),
    expected: 'no_stream' as const,
    events: [admit(`n${nr}`, nr, '2024-01-01', MANY_COOP), shares(`n${nr}`, `bn${nr}`, 0, nr, '2024-01-01')].map(
      (e) => ({ ...e, metadata: meta(MANY_COOP) }) as NewEvent,
    ),
  }));
  const last = await storage.events.appendMulti(many);
  await storage.runner.waitFor(last.position, 30_000);
}, 60_000);

afterAll(async () => {
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

async function list(date: string, scope: MembersAsOfScope, cooperativeId = COOP): Promise<MemberDto[]> {
  const out: MemberDto[] = [];
  for await (const batch of membersAsOf(reads, cooperativeId, date, scope, TODAY)) out.push(...batch);
  expect(await countMembersAsOf(reads, cooperativeId, date, scope, undefined, TODAY)).toBe(out.length);
  return out;
}
const rows = (members: MemberDto[]): [number | null, number, number, string | null, boolean][] =>
  members.map((m) => [m.memberNr, m.shareAmount, m.shareTotalEUR, m.exitDate, m.exited]);

describe('membersAsOf', () => {
  it('holds nobody before the first entry', async () => {
    expect(await list('2023-12-31', 'all')).toEqual([]);
  });

  it('at an entry date: the member is in from that day, with the holding posted that day, in member-number order', async () => {
    expect(rows(await list('2024-01-01', 'all'))).toEqual([
      [4, 1, SHARE, null, false],
      [5, 4, 4 * SHARE, null, false],
      [7, 3, 3 * SHARE, null, false],
    ]);
    expect(rows(await list('2024-01-31', 'active'))).toHaveLength(3);
  });

  it('on the day of an exit the member has left: shown in `all` with the exit, not in `active`', async () => {
    const before = await list('2024-12-30', 'active');
    expect(before.map((m) => m.memberNr)).toEqual([2, 4, 5, 7]);
    expect(rows(await list('2024-12-31', 'all')).find((r) => r[0] === 2)).toEqual([2, 0, 0, '2024-12-31', true]);
    expect((await list('2024-12-31', 'active')).map((m) => m.memberNr)).toEqual([4, 5, 7]);
  });

  it('`withShares` leaves out an active member holding nothing on the date', async () => {
    expect((await list('2024-05-31', 'withShares')).map((m) => m.memberNr)).toEqual([2, 4, 5, 7]);
    expect((await list('2024-06-01', 'withShares')).map((m) => m.memberNr)).toEqual([2, 5, 7]);
    expect((await list('2024-06-01', 'active')).map((m) => m.memberNr)).toEqual([2, 4, 5, 7]);
  });

  it('a posting dated after the date is not in the holding; from its date on it is', async () => {
    expect(rows(await list('2025-02-28', 'active')).find((r) => r[0] === 7)).toEqual([7, 3, 3 * SHARE, null, false]);
    expect(rows(await list('2025-03-01', 'active')).find((r) => r[0] === 7)).toEqual([7, 5, 5 * SHARE, null, false]);
  });

  it('a notice shows the pending exit from its notice date while the member stays active with the shares until the exit', async () => {
    expect(rows(await list('2025-01-09', 'active')).find((r) => r[0] === 5)).toEqual([5, 4, 4 * SHARE, null, false]);
    const noticed = (await list('2025-01-10', 'active')).find((m) => m.memberNr === 5)!;
    expect([noticed.exitDate, noticed.exitPending, noticed.exited, noticed.shareAmount]).toEqual([
      '2025-12-31',
      true,
      false,
      4,
    ]);
    expect((await list('2025-12-30', 'withShares')).map((m) => m.memberNr)).toEqual([3, 5, 7]);
    expect((await list('2025-12-31', 'active')).map((m) => m.memberNr)).toEqual([3, 4, 7]);
    expect(rows(await list('2025-12-31', 'all')).find((r) => r[0] === 5)).toEqual([5, 0, 0, '2025-12-31', true]);
  });

  it('keeps member-number order across batches', async () => {
    const all = await list(TODAY, 'active', MANY_COOP);
    expect(all.map((m) => m.memberNr)).toEqual(Array.from({ length: MANY }, (_v, i) => i + 1));
    expect(all.every((m) => m.shareAmount === m.memberNr && m.shareTotalEUR === m.memberNr! * SHARE)).toBe(true);
  });

  it('selects once: the count before the first batch equals the members the batches hold', async () => {
    const selection = await selectMembersAsOf(reads, MANY_COOP, TODAY, 'active', TODAY);
    let held = 0;
    for await (const batch of selection.batches()) held += batch.length;
    expect([selection.total, held]).toEqual([MANY, MANY]);
  });

  it('a count with `above` stops at the first batch that passes it, and counts exactly up to it', async () => {
    const past = await countMembersAsOf(reads, MANY_COOP, TODAY, 'active', 10, TODAY);
    expect(past).toBeGreaterThan(10);
    expect(past).toBeLessThan(MANY);
    expect(await countMembersAsOf(reads, COOP, TODAY, 'all', 5, TODAY)).toBe(5);
    expect(await countMembersAsOf(reads, COOP, TODAY, 'all', 4, TODAY)).toBe(5);
  });

  it('a member is in from the admission, not from the declaration (§ 15 GenG; an old record without approval date from its entry)', async () => {
    for (const scope of ['all', 'active', 'withShares'] as const) {
      expect((await list('2026-11-30', scope, ADMIT_COOP)).map((m) => m.memberNr)).toEqual([2, 3]);
      expect(rows(await list('2026-12-01', scope, ADMIT_COOP))).toEqual([
        [1, 2, 2 * SHARE, null, false],
        [2, 1, SHARE, null, false],
        [3, 1, SHARE, null, false],
      ]);
    }
    expect((await selectMembersAsOf(reads, ADMIT_COOP, '2026-11-30', 'active', TODAY)).total).toBe(2);
  });

  it('the member list as of a date (`GET /members?date=`) pages and counts by the admission, as `membersAsOf` does', async () => {
    const memberReads = new MemberReads(reads);
    const page = async (date: string, offset: number) =>
      memberDocuments.query(
        reads,
        ADMIT_COOP,
        memberReads.memberQuery(ADMIT_COOP, { offset: String(offset), limit: '1', order_by: 'memberNr' }, date),
      );
    const first = await page('2026-11-30', 0);
    expect([first.total, first.items.map((d) => d.memberNr)]).toEqual([2, [2]]);
    expect((await page('2026-11-30', 1)).items.map((d) => d.memberNr)).toEqual([3]);
    expect((await page('2026-11-30', 2)).items).toEqual([]);
    expect((await page('2026-12-01', 0)).total).toBe(3);
  });

  it('further shares count from their admission, an annulation of them not before it (§ 15b GenG)', async () => {
    const holding = async (date: string) => rows(await list(date, 'all', ADMIT_COOP)).find((r) => r[0] === 2);
    expect(await holding('2026-12-31')).toEqual([2, 1, SHARE, null, false]);
    expect(await holding('2027-01-10')).toEqual([2, 1, SHARE, null, false]);
    expect(await holding('2027-01-15')).toEqual([2, 3, 3 * SHARE, null, false]);
  });

  it('answers one cooperative only', async () => {
    expect(rows(await list(TODAY, 'all', OTHER))).toEqual([[1, 9, 9 * SHARE, null, false]]);
    expect((await list(TODAY, 'all')).map((m) => m.id)).toEqual(['m2', 'm3', 'm4', 'm5', 'm7']);
  });
});
