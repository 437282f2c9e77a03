import { describe, expect, it } from '@jest/globals';
import { endsOwing, outstandingOf, owedOn } from './model';

describe('a leaver’s due on the member’s payments panel (decision 269)', () => {
  const without = { owedUntil: '9999-12-31', outstanding: 20_000 };
  const ending = { owedUntil: '2026-12-31', outstanding: 45_000 };

  it('is owed until the end’s effective date, not on it', () => {
    expect([owedOn(ending, '2026-12-30'), owedOn(ending, '2026-12-31'), owedOn(ending, '2027-01-01')]).toEqual([
      true,
      false,
      false,
    ]);
    expect(owedOn(without, '2999-12-31')).toBe(true);
  });

  it('names the end only where one is recorded, and the sum open leaves an ended due out', () => {
    expect([endsOwing(ending), endsOwing(without)]).toEqual([true, false]);
    const dues = [without, ending].filter((d) => owedOn(d, '2027-01-02'));
    expect(outstandingOf(dues)).toBe(20_000);
  });
});
