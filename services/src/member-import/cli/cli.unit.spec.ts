import type { ImportProblem, ImportSummary } from '../import-types.js';
import { parseImportArgs, UsageError } from './cli-args.js';
import { formatFormats, formatProblems, formatSummary, formatWarnings, PROBLEMS_SHOWN } from './cli-report.js';

describe('npm run import: arguments', () => {
  it('takes files, the cooperative, --dry-run, --mapping, --lang and --confirm-warnings', () => {
    expect(
      parseImportArgs([
        'a.csv',
        'b.xlsx',
        '--cooperative',
        'c1',
        '--dry-run',
        '--mapping',
        'm.json',
        '--lang',
        'en',
        '--confirm-warnings',
      ]),
    ).toEqual({
      files: ['a.csv', 'b.xlsx'],
      cooperativeId: 'c1',
      dryRun: true,
      mapping: 'm.json',
      lang: 'en',
      confirmWarnings: true,
    });
    expect(parseImportArgs(['a.csv', '--cooperative', 'c1'])).toMatchObject({
      dryRun: false,
      mapping: null,
      lang: 'de',
      confirmWarnings: false,
    });
    expect(parseImportArgs(['--help'])).toBeNull();
  });

  it('refuses what it cannot run (exit code 2): no file, no cooperative, an unknown option or language, more than eight files', () => {
    for (const argv of [
      ['--cooperative', 'c1'],
      ['a.csv'],
      ['a.csv', '--cooperative', ' '],
      ['a.csv', '--cooperative', 'c1', '--lang', 'fr'],
      ['a.csv', '--cooperative', 'c1', '--force'],
      [...Array.from({ length: 9 }, (_, i) => `f${i}.csv`), '--cooperative', 'c1'],
    ]) {
      expect(() => parseImportArgs(argv)).toThrow(UsageError);
    }
  });
});

const summary: ImportSummary = {
  members: 1234,
  postingsByType: { 0: 1234, 1: 10, 2: 0, 3: 2, 4: 2, 5: 1, 6: 0, 7: 0, 8: 0 },
  exemptionOrders: 3,
  nonAssessments: 1,
  asOf: '2026-11-26',
  activeMembers: 1200,
  shares: 5000,
  capitalCents: 125_000_050,
  events: 4321,
};

describe('npm run import: what it prints', () => {
  it('shows the formats detected per file', () => {
    const text = formatFormats(
      { 'a.csv': { fileType: 'csv', encoding: 'windows-1252', delimiter: ';', numbers: 'de', dates: 'de' } },
      'de',
    );
    expect(text).toBe(
      'Erkannte Formate:\n  a.csv: CSV, windows-1252, Trennzeichen ";"; Zahlen deutsch (1.234,56); Datum deutsch (31.12.2024)',
    );
  });

  it('sums up in the language asked for, the capital in euros, the events as a bare number', () => {
    expect(formatSummary(summary, 'de')).toContain('Buchungen: 1.249 (nach Art 0: 1.234, 1: 10, 3: 2, 4: 2, 5: 1)');
    expect(formatSummary(summary, 'de')).toContain('Nennbetrag der Anteile 1.250.000,50 EUR');
    expect(formatSummary(summary, 'en')).toContain('Nominal value of the shares 1,250,000.50 EUR');
    expect(formatSummary(summary, 'en')).toContain('Events: 4321');
  });

  it('lists the first 50 problems with their file and counts the rest', () => {
    const problem = (row: number): ImportProblem => ({
      file: 'a.csv',
      sheet: 'a.csv',
      row,
      column: 'IBAN',
      field: 'iban',
      value: 'DE00',
      template: 'invalidIban',
      parameters: {},
    });
    const problems = Array.from({ length: 60 }, (_, i) => problem(i + 2));
    const lines = formatProblems(problems, 1060, (p) => `row ${p.row}: wrong`, 'en', 2).split('\n');
    expect(lines[0]).toBe('1060 problems:');
    expect(lines).toHaveLength(1 + PROBLEMS_SHOWN + 1);
    expect(lines[1]).toBe('  a.csv: row 2: wrong');
    expect(lines.at(-1)).toContain('1010 more');
    expect(formatProblems([], 0, () => '', 'de')).toBe('Keine Probleme.');
  });
});

describe('npm run import: possible duplicates', () => {
  it('lists them under their own heading once, not as problems', () => {
    const warning = {
      file: null,
      sheet: 'Mitglieder',
      row: 3,
      column: null,
      field: null,
      value: null,
      template: 'importPossibleDuplicate',
      parameters: {},
    };
    const de = formatWarnings([warning], 1, (p) => `Zeile ${p.row}: gleiche Steuer-ID`, 'de').split('\n');
    expect(de).toEqual([
      'Mögliche Doppelerfassungen (1), vor dem Schreiben zu prüfen:',
      '  Zeile 3: gleiche Steuer-ID',
    ]);
    const en = formatWarnings([warning], 2, () => 'same tax id', 'en');
    expect(en).not.toMatch(/^\d+ problems?:/m);
    expect(en.split('\n')[0]).toBe('Possible duplicates (2), to check before writing:');
  });
});
