import { describe, expect, it } from '@jest/globals';
import type { ChurchDataRecorded, ReadDocument } from '@coop/contracts';
import { churchAfterAnswer, churchFollowingOf } from './dividend-input-church.js';

/* A regular KiStAM answer applies to the following calendar year (DOMAIN.md 3.1); a null answer deletes at once. */
const held = { id: 'm', cooperativeId: 'c', position: '1', churchId: 'ev', churchTaxRate: '9' } as ReadDocument;
const answer = (
  queryKind: ChurchDataRecorded['data']['queryKind'],
  churchId: string | null,
  churchTaxRate: string | null,
  queriedOn = '2026-08-31',
): ChurchDataRecorded['data'] => ({ memberId: 'm', churchId, churchTaxRate, queriedOn, queryKind, taskId: null });
const after = (doc: ReadDocument, d: ChurchDataRecorded['data']): ReadDocument =>
  ({ ...doc, ...churchAfterAnswer(doc, d) }) as ReadDocument;
const fields = (doc: ReadDocument) => [doc.churchId, doc.churchTaxRate, churchFollowingOf(doc)];

describe('the church data the dividend inputs hold', () => {
  it('keeps the data held until 1 January after a regular answer, which then applies', () => {
    expect(fields(after(held, answer('regular', 'rk', '8')))).toEqual([
      'ev',
      '9',
      { churchId: 'rk', churchTaxRate: '8', from: '2027-01-01' },
    ]);
  });

  it('applies an answer on an occasion and a paper answer at once, setting aside a regular answer pending', () => {
    const pending = after(held, answer('regular', 'rk', '8'));
    expect(fields(after(pending, answer('event', 'lt', '8', '2026-10-01')))).toEqual(['lt', '8', null]);
    expect(fields(after(pending, answer('paper', 'ak', '9', '2026-10-01')))).toEqual(['ak', '9', null]);
  });

  it('deletes the data held and any answer pending on a null answer, regular or not (§ 51a Abs. 2c S. 1 Nr. 3 S. 10)', () => {
    const pending = after(held, answer('regular', 'rk', '8'));
    expect(fields(after(held, answer('regular', null, null)))).toEqual([null, null, null]);
    expect(fields(after(pending, answer('regular', null, null, '2027-08-31')))).toEqual([null, null, null]);
    expect(fields(after(pending, answer('paper', null, null)))).toEqual([null, null, null]);
  });

  it("makes a pending answer the data held when the next year's answer comes before the payout", () => {
    const pending = after(held, answer('regular', 'rk', '8'));
    expect(fields(after(pending, answer('regular', 'ev', '9', '2027-08-31')))).toEqual([
      'rk',
      '8',
      { churchId: 'ev', churchTaxRate: '9', from: '2028-01-01' },
    ]);
    // The same year's answer read again replaces the pending one; an older year's answer read late is held until then.
    expect(fields(after(pending, answer('regular', 'ak', '9')))).toEqual([
      'ev',
      '9',
      { churchId: 'ak', churchTaxRate: '9', from: '2027-01-01' },
    ]);
    expect(fields(after(pending, answer('regular', 'ak', '9', '2025-08-31')))).toEqual([
      'ak',
      '9',
      { churchId: 'rk', churchTaxRate: '8', from: '2027-01-01' },
    ]);
  });
});
