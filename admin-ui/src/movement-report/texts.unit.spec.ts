import { describe, expect, it } from '@jest/globals';
import { LEAVE_REASONS, MOVEMENT_KINDS } from '@coop/contracts/console';
import { movementReportDe } from './movement-report.de';
import { movementReportEn } from './movement-report.en';
import { movementText, movementTexts } from './texts';
import { reportYearFrom, yearChoices } from './model';

/** Every leaf key of a text tree, dotted. */
const leaves = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? leaves(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const params = (text: string): string[] => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('the movement report screen’s texts (loaded with the screen, not in en.ts / de.ts)', () => {
  it('have the same keys, none empty, and the same parameters in German and English', () => {
    expect(leaves(movementReportDe).sort()).toEqual(leaves(movementReportEn).sort());
    for (const key of leaves(movementReportEn)) {
      const en = movementText(movementReportEn, key);
      const de = movementText(movementReportDe, key);
      expect([key, en.trim() !== '', de.trim() !== '']).toEqual([key, true, true]);
      expect([key, params(de)]).toEqual([key, params(en)]);
    }
  });

  it('name every reason and every kind the API answers', () => {
    for (const reason of LEAVE_REASONS)
      expect(movementText(movementReportDe, `reasons.${reason}`)).not.toBe(`reasons.${reason}`);
    for (const kind of MOVEMENT_KINDS)
      expect(movementText(movementReportEn, `kinds.${kind}`)).not.toBe(`kinds.${kind}`);
  });

  it('fill parameters, pick the language and fall back to English', () => {
    expect(movementText(movementTexts('de'), 'title', { year: 2025 })).toBe('Bestandsnachweis 2025');
    expect(movementText(movementTexts('fr'), 'title', { year: 2025 })).toBe('Movement report 2025');
    expect(movementText(movementTexts('en'), 'no.such.key')).toBe('no.such.key');
  });
});

describe('the movement report screen’s year', () => {
  it('reads ?year= (four digits) and is last year otherwise', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(reportYearFrom('?year=2024', now)).toBe(2024);
    expect(reportYearFrom('?year=20245', now)).toBe(2025);
    expect(reportYearFrom('', now)).toBe(2025);
  });

  it('offers the years the API allows, newest first, or the last eleven before an answer', () => {
    expect(yearChoices({ firstYear: 2022, lastYear: 2026 })).toEqual([2026, 2025, 2024, 2023, 2022]);
    expect(yearChoices(undefined, new Date('2026-06-01T00:00:00Z'))).toHaveLength(11);
  });
});
