/**
 * MemberPdfRenderer: a large member PDF rendered in the render thread has the same pages as the one rendered on the
 * calling thread. The thread runs compiled code (services/dist/member-pdfs/render-thread/pdf-thread.js, made by `npx
 * tsc -b services`, which `npm test` runs first): jest's TypeScript transform does not reach into a worker thread.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import type { MemberDto } from '@coop/contracts';
import { pdfPages } from '../../platform/pdf/pdf-text.js';
import type { Statement } from '../render/statement-pdf.js';
import { MemberPdfRenderer } from './member-pdf-renderer.js';

const ENTRY = new URL('../../../dist/member-pdfs/render-thread/pdf-thread.js', import.meta.url);
const built = existsSync(ENTRY);
if (!built)
  console.warn(`SKIPPED: PDF render thread suite needs the built entry ${ENTRY.pathname} (npx tsc -b services)`);

const MEMBERS = 60;
const issuer = { name: 'Energiegenossenschaft Süd eG', address: 'Hauptstraße 1', zip: '01067', city: 'Dresden' };
const member = (i: number): MemberDto =>
  ({
    id: `m${i}`,
    memberNr: i + 1,
    salutation: i % 2 ? 'Frau' : 'Herr',
    title: 'none',
    name: `Müller ${i}`,
    givenName: 'Anna',
    legalForm: 0,
    street: 'Weg',
    streetHomeNumber: String(i),
    zipCode: '01067',
    city: 'Dresden',
    country: null,
    isForeign: false,
    birthDate: '1970-02-28',
    entryDate: '2015-01-01',
    approvalDate: '2015-01-15',
    exitDate: null,
    exitReason: null,
    shareAmount: 1 + (i % 4),
    shareTotalEUR: (1 + (i % 4)) * 25_000,
  }) as unknown as MemberDto;
const statement = (i: number): Statement => {
  const m = member(i);
  return {
    member: m,
    lines: [
      {
        date: '2015-01-01',
        type: 'Zeichnung',
        shares: m.shareAmount,
        cents: m.shareTotalEUR,
        paid: m.shareTotalEUR,
        holdingShares: m.shareAmount,
        holdingCents: m.shareTotalEUR,
        holdingPaid: m.shareTotalEUR,
        payment: false,
      },
    ],
    shares: m.shareAmount,
    cents: m.shareTotalEUR,
    dividends: i % 3 ? [{ year: 2024, gross: 1000, taxes: 264, net: 736 }] : [],
    settlements: [],
  };
};
async function* inBatches<T>(make: (i: number) => T): AsyncGenerator<T[]> {
  for (let i = 0; i < MEMBERS; i += 25) yield Array.from({ length: Math.min(25, MEMBERS - i) }, (_, k) => make(i + k));
}

const inThread = new MemberPdfRenderer(ENTRY, 10);
const here = new MemberPdfRenderer(ENTRY, Number.MAX_SAFE_INTEGER);

(built ? describe : describe.skip)('member PDFs rendered in the render thread', () => {
  it('runs above its limit and where the compiled entry exists', () => {
    expect(inThread.inThread(MEMBERS)).toBe(true);
    expect(inThread.inThread(10)).toBe(false);
    expect(here.inThread(MEMBERS)).toBe(false);
  });

  it('renders the same statements of account, telling the members done', async () => {
    const done: number[] = [];
    const threaded = await inThread.statements(issuer, '2025-12-31', MEMBERS, inBatches(statement), (n) =>
      done.push(n),
    );
    const local = await here.statements(issuer, '2025-12-31', MEMBERS, inBatches(statement));
    const pages = await pdfPages(threaded);
    expect(pages).toEqual(await pdfPages(local));
    expect(pages.length).toBeGreaterThanOrEqual(MEMBERS);
    expect(done.at(-1)).toBe(MEMBERS);
  });

  it.each(['members', 'memberBalances'] as const)(
    'renders the same %s list with its sum and counts its rows',
    async (document) => {
      const request = { issuer, date: '2025-12-31', document, onlyActive: true, total: MEMBERS };
      const threaded = await inThread.list(request, inBatches(member));
      const local = await here.list(request, inBatches(member));
      expect(threaded.rows).toBe(MEMBERS);
      const pages = await pdfPages(threaded.pdf);
      expect(pages).toEqual(await pdfPages(local.pdf));
      expect(pages.flat().join('\n')).toContain(`Summe: ${MEMBERS} Mitglieder`);
    },
  );
});
