import { describe, expect, it } from '@jest/globals';
import { IMPORT_TEMPLATES, VALIDATION_MESSAGES_DE, VALIDATION_MESSAGES_EN } from '@coop/contracts';
import type { ImportProblem } from './import-types.js';
import { problemText, templateText } from './problem-texts.js';

const problem = (p: Partial<ImportProblem>): ImportProblem => ({
  file: 'mitglieder.csv',
  sheet: 'Mitglieder',
  row: 12,
  column: 'IBAN',
  field: 'iban',
  value: 'DE00 1234',
  template: 'invalidIban',
  parameters: {},
  ...p,
});

describe('the texts of the import problems (issue 29)', () => {
  it('names row, column and value before the message, in German and English', () => {
    expect(problemText(problem({}), 'de')).toBe('Zeile 12, Spalte IBAN („DE00 1234“): Ungültige IBAN');
    expect(problemText(problem({}), 'en')).toBe('Row 12, column IBAN ("DE00 1234"): Invalid IBAN');
  });

  it('fills the numbered parameters of the import templates', () => {
    const differs = problem({
      column: 'Anteile',
      field: 'shareAmount',
      value: '5',
      template: 'importHoldingDiffers',
      parameters: { 0: '5', 1: '4' },
    });
    expect(problemText(differs, 'de')).toBe(
      'Zeile 12, Spalte Anteile („5“): Die Datei nennt 5, die Buchungen ergeben 4',
    );
    expect(problemText(differs, 'en')).toBe('Row 12, column Anteile ("5"): The file gives 5, the postings come to 4');
  });

  it('names the sheet of a problem of no row, and of every problem when asked', () => {
    const unknown = problem({
      row: null,
      column: null,
      field: null,
      value: null,
      template: 'importUnknownKind',
      parameters: { 0: 'Tabelle1' },
      sheet: 'Tabelle1',
    });
    expect(problemText(unknown, 'de')).toBe(
      'Blatt Tabelle1: Die Art des Blatts Tabelle1 ist nicht erkannt (Mitglieder, Buchungen, Freistellungsaufträge, NV-Bescheinigungen)',
    );
    expect(problemText(problem({ value: null }), 'en', { withSheet: true })).toBe(
      'Sheet Mitglieder, row 12, column IBAN: Invalid IBAN',
    );
    const whole = problem({
      file: null,
      sheet: null,
      row: null,
      column: null,
      field: null,
      value: null,
      template: 'importHasProblems',
      parameters: { 0: '3' },
    });
    expect(problemText(whole, 'en')).toBe('The import has 3 problems: nothing was written');
  });

  it('names the field of a problem no column holds', () => {
    expect(
      problemText(problem({ column: null, field: 'salutation', value: null, template: 'mustNotBeEmpty' }), 'de'),
    ).toBe('Zeile 12, Feld salutation: Darf nicht leer sein');
  });

  it('says which template it has no text for, and marks a missing parameter', () => {
    expect(templateText('noSuchTemplate', {}, 'en')).toBe('Invalid value (noSuchTemplate)');
    expect(templateText('importMemberNrTaken', {}, 'de')).toBe(
      'Die Mitgliedsnummer … ist in der Genossenschaft bereits vergeben',
    );
  });

  it('has a German and an English text of its own for every import template', () => {
    for (const t of IMPORT_TEMPLATES) {
      expect(typeof VALIDATION_MESSAGES_EN[t]).toBe('string');
      expect(VALIDATION_MESSAGES_DE[t]).not.toBe(VALIDATION_MESSAGES_EN[t]);
    }
  });
});
