import { describe, expect, it } from '@jest/globals';
import type { MemberDto } from '@coop/contracts';
import { pdfPages } from '../../platform/pdf/pdf-text.js';
import { pdfDocument } from '../../platform/pdf/pdf-fonts.js';
import { budgetClock, RenderBudgetExceeded } from '../../platform/render-thread/render-budget.js';
import { MemberPdfRenderer } from '../render-thread/member-pdf-renderer.js';
import { fit, FIT_AT_MOST } from './pdf-frame.js';

/*
 * Issue 38: a member name of 10,000 letters without a space stopped the server on every member list PDF (270 s, 4.4 GB):
 * `fit` measured every prefix of it, and pdfkit's font caches the layout of every string measured. Now a text costs a
 * bounded number of measurements of bounded length, and a PDF renders within a time budget.
 */

const ISSUER = {
  name: 'Energiegenossenschaft Musterstadt eG',
  address: 'Hauptstraße 1',
  zip: '12345',
  city: 'Musterstadt',
};
const LONG = 'A'.repeat(10_000);

/** A document whose measurements are counted (how many, and the longest text measured). */
function countingDoc(): { doc: PDFKit.PDFDocument; measured: () => { calls: number; longest: number } } {
  const doc = pdfDocument({ size: 'A4', autoFirstPage: true });
  doc.font('Helvetica').fontSize(7);
  const width = doc.widthOfString.bind(doc);
  let calls = 0;
  let longest = 0;
  doc.widthOfString = ((text: string, options?: PDFKit.Mixins.TextOptions) => {
    calls += 1;
    longest = Math.max(longest, text.length);
    return width(text, options);
  }) as typeof doc.widthOfString;
  return { doc, measured: () => ({ calls, longest }) };
}

const member = (i: number, name: string): MemberDto =>
  ({
    id: `m${i}`,
    memberNr: i,
    salutation: 'Frau',
    title: null,
    givenName: name,
    name,
    legalForm: 0,
    street: name,
    streetHomeNumber: '7',
    zipCode: '12345',
    city: 'Musterstadt',
    isForeign: false,
    country: null,
    birthDate: '1980-04-12',
    entryDate: '2020-01-15',
    approvalDate: '2020-01-20',
    exitDate: null,
    exitReason: null,
    shareAmount: 1,
    shareTotalEUR: 25_000,
  }) as unknown as MemberDto;

async function* batches(members: readonly MemberDto[]): AsyncGenerator<readonly MemberDto[]> {
  yield members;
}

describe('member PDFs within their limits', () => {
  it('cuts a 10,000-letter word to its cell with a bounded number of measurements of bounded length', () => {
    const { doc, measured } = countingDoc();
    const cut = fit(doc, LONG, 120);
    expect(cut).toMatch(/^A+…$/);
    expect(doc.widthOfString(cut)).toBeLessThanOrEqual(120);
    expect(doc.widthOfString(`${cut.slice(0, -1)}A…`)).toBeGreaterThan(120);
    const { calls, longest } = measured();
    expect(calls).toBeLessThanOrEqual(14);
    expect(longest).toBeLessThanOrEqual(FIT_AT_MOST + 1);
  });

  it('keeps short texts whole and never cuts a character in two', () => {
    const { doc } = countingDoc();
    expect(fit(doc, 'Weiß', 120)).toBe('Weiß');
    const emoji = '😀'.repeat(400);
    const cut = fit(doc, emoji, 40);
    expect(cut.endsWith('…')).toBe(true);
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(cut)).toBe(false);
  });

  it('renders a member list whose members have names of 10,000 letters, each cut to its column', async () => {
    const renderer = new MemberPdfRenderer();
    const members = Array.from({ length: 20 }, (_, i) => member(i + 1, LONG));
    const made = await renderer.list(
      {
        issuer: { ...ISSUER, name: LONG },
        date: '2025-12-31',
        document: 'members',
        onlyActive: false,
        total: members.length,
      },
      batches(members),
    );
    expect(made.rows).toBe(20);
    const lines = (await pdfPages(made.pdf)).flat();
    expect(lines.filter((l) => /^A+…$/.test(l)).length).toBeGreaterThanOrEqual(60);
  });

  it('refuses a PDF past its time budget (RenderBudgetExceeded), on the calling thread too', async () => {
    const spent = new MemberPdfRenderer(undefined, undefined, { seconds: -1, memoryMb: 64 });
    const members = Array.from({ length: 450 }, (_, i) => member(i + 1, `Name ${i}`));
    await expect(
      spent.list(
        { issuer: ISSUER, date: '2025-12-31', document: 'members', onlyActive: false, total: members.length },
        batches(members),
      ),
    ).rejects.toBeInstanceOf(RenderBudgetExceeded);
    await expect(
      spent.statements(
        ISSUER,
        '2025-12-31',
        1,
        (async function* () {
          yield [];
        })(),
      ),
    ).rejects.toThrow(/budget/);
  });

  it('counts the budget’s time from the start of the rendering', () => {
    let now = 1_000;
    const clock = budgetClock({ seconds: 2, memoryMb: 64 }, () => now);
    now = 2_999;
    expect(() => clock.check()).not.toThrow();
    expect(clock.left()).toBe(1);
    now = 3_001;
    expect(() => clock.check()).toThrow(RenderBudgetExceeded);
    // No time at all (EXPORT_BUDGET_SECONDS=0): the first check refuses, however fast the first batch came.
    expect(() => budgetClock({ seconds: 0, memoryMb: 64 }, () => now).check()).toThrow(RenderBudgetExceeded);
  });
});
