/**
 * MemberFileRenderer: a large member list built in the render thread gives the same file as the builders on the calling
 * thread. The thread runs compiled code (services/dist/exports/render-thread/render-thread.js, made by `npx tsc -b
 * services`, which `npm test` runs first): jest's TypeScript transform does not reach into a worker thread.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import * as XLSX from 'xlsx';
import type { MemberDto } from '@coop/contracts';
import type { ExportFormat } from '../member-columns.js';
import { RenderBudgetExceeded } from '../../platform/render-thread/render-budget.js';
import { MEMBER_EXPORT_BUDGETS, MemberFileRenderer } from './member-file-renderer.js';

const ENTRY = new URL('../../../dist/exports/render-thread/render-thread.js', import.meta.url);
const built = existsSync(ENTRY);
if (!built) console.warn(`SKIPPED: render thread suite needs the built entry ${ENTRY.pathname} (npx tsc -b services)`);

const MEMBERS = 2600;
const member = (i: number): MemberDto =>
  ({
    id: `m${i}`,
    memberNr: i + 1,
    salutation: i % 2 ? 'Frau' : 'Herr',
    title: i % 7 === 0 ? 'Dr' : 'none',
    name: i % 5 === 0 ? '=SUMME(A1)' : `Müller ${i}`,
    givenName: 'Anna',
    street: 'Hauptstraße',
    streetHomeNumber: String(i),
    zipCode: '01067',
    city: 'Dresden',
    country: null,
    isForeign: false,
    birthDate: '1970-02-28',
    entryDate: '2015-01-01',
    approvalDate: i % 3 ? '2015-01-15' : null,
    exitDate: i % 11 ? null : '2026-12-31',
    exitReason: i % 11 ? null : 'exit',
    shareAmount: 1 + (i % 40),
    shareTotalEUR: (1 + (i % 40)) * 25_000 + (i % 100),
  }) as unknown as MemberDto;
const members = Array.from({ length: MEMBERS }, (_, i) => member(i));
async function* batches(): AsyncGenerator<MemberDto[]> {
  for (let i = 0; i < members.length; i += 1000) yield members.slice(i, i + 1000);
}

const inThread = new MemberFileRenderer(ENTRY, 2000);
const here = new MemberFileRenderer(ENTRY, Number.MAX_SAFE_INTEGER);
const sheet = (bytes: Buffer): unknown[][] => {
  const book = XLSX.read(bytes, { type: 'buffer', cellDates: false });
  return XLSX.utils.sheet_to_json(book.Sheets['Mitglieder']!, { header: 1, raw: true });
};

(built ? describe : describe.skip)('member list files built in the render thread', () => {
  it('runs above its limit and where the compiled entry exists, else on the calling thread', () => {
    expect(inThread.inThread(MEMBERS)).toBe(true);
    expect(inThread.inThread(2000)).toBe(false);
    expect(new MemberFileRenderer(new URL('missing-thread.js', ENTRY), 0).inThread(MEMBERS)).toBe(false);
  });

  it('writes the same CSV bytes as the builder on the calling thread, in both dialects, with progress up to the total', async () => {
    for (const dialect of ['excel', 'rfc4180'] as const) {
      const done: number[] = [];
      const threaded = await inThread.render({
        format: 'csv',
        dialect,
        total: MEMBERS,
        batches: batches(),
        progress: (n) => done.push(n),
      });
      const local = await here.render({ format: 'csv', dialect, total: MEMBERS, batches: batches() });
      expect(threaded.equals(local)).toBe(true);
      expect(done.at(-1)).toBe(MEMBERS);
    }
  });

  it.each<ExportFormat>(['xlsx', 'ods'])(
    'writes the same %s cells as the builder on the calling thread',
    async (format) => {
      const threaded = await inThread.render({ format, dialect: 'excel', total: MEMBERS, batches: batches() });
      const local = await here.render({ format, dialect: 'excel', total: MEMBERS, batches: batches() });
      const rows = sheet(threaded);
      expect(rows).toHaveLength(MEMBERS + 1);
      expect(rows).toEqual(sheet(local));
    },
  );

  // docs/exports.md "Budget": the thread is ended past its format's time or heap, the file refused.
  it.each<[ExportFormat, 'time' | 'memory', { seconds: number; memoryMb: number }]>([
    ['csv', 'time', { seconds: 0, memoryMb: 768 }],
    ['xlsx', 'memory', { seconds: 60, memoryMb: 4 }],
  ])(
    'refuses a %s file past its budget’s %s in the thread (RenderBudgetExceeded)',
    async (format, reason, budget) => {
      const limited = new MemberFileRenderer(ENTRY, 2000, { ...MEMBER_EXPORT_BUDGETS, [format]: budget });
      const made = limited.render({ format, dialect: 'excel', total: MEMBERS, batches: batches() });
      await expect(made).rejects.toBeInstanceOf(RenderBudgetExceeded);
      await expect(made).rejects.toMatchObject({ reason, budget });
    },
    30_000,
  );
});
