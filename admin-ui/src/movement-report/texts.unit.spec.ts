import { afterAll, describe, expect, it } from '@jest/globals';
import { CHOICE_LABELS_DE, CHOICE_LABELS_EN, LEAVE_REASONS, MOVEMENT_KINDS } from '@coop/contracts/console';
import { i18nProvider } from '../i18n/i18nProvider';
import { movementReportDe } from './movement-report.de';
import { movementReportEn } from './movement-report.en';
import { movementText, movementTexts } from './texts';
import { kindLabel, lineLabel, reportYearFrom, yearChoices } from './model';

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

  it('name every reason the API answers', () => {
    for (const reason of LEAVE_REASONS)
      expect(movementText(movementReportDe, `reasons.${reason}`)).not.toBe(`reasons.${reason}`);
  });

  it('fill parameters, pick the language and fall back to English', () => {
    expect(movementText(movementTexts('de'), 'title', { year: 2025 })).toBe('Bestandsnachweis 2025');
    expect(movementText(movementTexts('fr'), 'title', { year: 2025 })).toBe('Movement report 2025');
    expect(movementText(movementTexts('en'), 'no.such.key')).toBe('no.such.key');
  });
});

/*
 * QA review: the report named the kinds of posting in words of its own ("Beitritt (0)", "Weitere Anteile (1)",
 * "Kündigung, Austritt (8)"; "Further shares (1)") with their codes, where the rest of the console says "Erstzeichnung",
 * "Zeichnung weiterer Anteile", "Kündigung"; and its lines said "Stand am 01.01." beside "Stand am 01.01.2025".
 */
describe('the movement report’s kinds and lines, as the rest of the console names them', () => {
  afterAll(() => i18nProvider.changeLocale('en'));
  const translate = (key: string) => i18nProvider.translate(key);

  it.each([
    ['en', CHOICE_LABELS_EN.balanceTypes],
    ['de', CHOICE_LABELS_DE.balanceTypes],
  ] as const)('names every kind by the posting type’s one name, without a code (%s)', async (locale, types) => {
    await i18nProvider.changeLocale(locale);
    for (const kind of MOVEMENT_KINDS) {
      const label = kindLabel(translate, kind);
      const name = types[String(kind) as keyof typeof types];
      expect(label).toBe(kind === 6 ? `${name} / ${translate('coop.balances.dissolution')}` : name);
      expect(label).not.toMatch(/\d/);
    }
  });

  it('names the German kinds as the postings do', async () => {
    await i18nProvider.changeLocale('de');
    expect(MOVEMENT_KINDS.map((k) => kindLabel(translate, k))).toEqual(
      expect.arrayContaining(['Erstzeichnung', 'Zeichnung weiterer Anteile', 'Teilkündigung', 'Kündigung']),
    );
  });

  it('dates the start and the end of every section with their day', () => {
    const report = { from: '2025-01-01', to: '2025-12-31' };
    const german = (iso: string) => iso.split('-').reverse().join('.');
    for (const [texts, start, end] of [
      [movementReportDe, 'Stand am 01.01.2025', 'Stand am 31.12.2025'],
      [movementReportEn, 'At 01.01.2025', 'At 31.12.2025'],
    ] as const) {
      const t = (key: string, params?: Readonly<Record<string, unknown>>) => movementText(texts, key, params);
      expect(lineLabel(t, 'start', report, german)).toBe(start);
      expect(lineLabel(t, 'end', report, german)).toBe(end);
      expect(t('start', { date: german(report.from) })).toBe(start);
    }
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
