import { describe, expect, it } from '@jest/globals';
import type { FileInspection } from './dto.js';
import {
  carryOver,
  chooseField,
  chooseFormats,
  chooseKind,
  guessColumns,
  importsNothing,
  initialMapping,
  problemColumn,
  toImportMapping,
  unmappedRequired,
  type FieldCatalogue,
} from './mapping.js';

const fields: FieldCatalogue = {
  members: [
    { key: 'memberNr', required: true, de: 'Mitgliedsnummer', en: 'Member number' },
    { key: 'name', required: true, de: 'Name / Firma', en: 'Name / Company' },
    { key: 'givenName', required: false, de: 'Vorname', en: 'Given name' },
    { key: 'entryDate', required: true, de: 'Eintrittsdatum', en: 'Entry date' },
  ],
  postings: [
    { key: 'memberNr', required: true, de: 'Mitgliedsnummer', en: 'Member number' },
    { key: 'type', required: true, de: 'Buchungsart', en: 'Posting type' },
    { key: 'date', required: true, de: 'Datum', en: 'Date' },
  ],
  exemptionOrders: [],
  nonAssessments: [],
};

const format = { fileType: 'csv', encoding: 'utf-8', delimiter: ';', numbers: 'de', dates: 'de' } as const;
const files: FileInspection[] = [
  {
    file: 'mitglieder.csv',
    format,
    sheets: [
      {
        sheet: 'mitglieder.csv',
        kind: 'members',
        headers: ['Nr', 'Nachname', 'Vorname', 'Eintritt', 'Bemerkung'],
        rows: 2,
        // The server's guess leaves out a column it does not know ("Bemerkung").
        mapping: { Nr: 'memberNr', Nachname: 'name', Vorname: 'givenName', Eintritt: 'entryDate' },
        preview: [['1', 'Acker', 'Anna', '01.02.2020', '']],
      },
    ],
  },
  {
    file: 'alt.csv',
    format,
    sheets: [
      { sheet: 'alt.csv', kind: 'something', headers: ['Mitgliedsnummer', 'Datum'], rows: 1, mapping: {}, preview: [] },
    ],
  },
];

describe('the import mapping (step 2)', () => {
  it('starts from the server guesses, every header present, an unknown kind as none', () => {
    const state = initialMapping(files);
    expect(state.sheets.map((s) => [s.file, s.kind])).toEqual([
      ['mitglieder.csv', 'members'],
      ['alt.csv', null],
    ]);
    expect(state.sheets[0]!.columns).toEqual({
      Nr: 'memberNr',
      Nachname: 'name',
      Vorname: 'givenName',
      Eintritt: 'entryDate',
      Bemerkung: null,
    });
    expect(importsNothing(state)).toBe(false);
    expect(toImportMapping(state)).toEqual({
      sheets: [{ sheet: 'mitglieder.csv', kind: 'members', columns: state.sheets[0]!.columns }],
    });
  });

  it('guesses a chosen kind from the headers in either language, ignoring case, spaces, dots, dashes and underscores', () => {
    expect(guessColumns(['MITGLIEDS-NUMMER', 'posting_type', 'Datum', 'Date'], fields.postings)).toEqual({
      'MITGLIEDS-NUMMER': 'memberNr',
      posting_type: 'type',
      Datum: 'date',
      Date: null,
    });
    const state = chooseKind(initialMapping(files), 1, 'postings', fields);
    expect(state.sheets[1]!.columns).toEqual({ Mitgliedsnummer: 'memberNr', Datum: 'date' });
    expect(unmappedRequired(state.sheets[1]!, fields).map((f) => f.key)).toEqual(['type']);
  });

  it("brings the server's guess back when its kind is chosen again, and maps nothing for no kind", () => {
    let state = chooseField(initialMapping(files), 0, 'Bemerkung', 'givenName');
    state = chooseKind(state, 0, 'postings', fields);
    expect(state.sheets[0]!.columns).toEqual({
      Nr: null,
      Nachname: null,
      Vorname: null,
      Eintritt: null,
      Bemerkung: null,
    });
    state = chooseKind(state, 0, 'members', fields);
    expect(state.sheets[0]!.columns.Nr).toBe('memberNr');
    state = chooseKind(state, 0, null, fields);
    expect(Object.values(state.sheets[0]!.columns).every((f) => f === null)).toBe(true);
    expect(importsNothing(state)).toBe(true);
    expect(toImportMapping(state)).toEqual({ sheets: [] });
  });

  it('gives a field one column: mapping it elsewhere lets the other column go; a required field left without a column is named', () => {
    let state = chooseField(initialMapping(files), 0, 'Bemerkung', 'name');
    expect(state.sheets[0]!.columns).toMatchObject({ Nachname: null, Bemerkung: 'name' });
    state = chooseField(state, 0, 'Bemerkung', null);
    expect(unmappedRequired(state.sheets[0]!, fields).map((f) => f.key)).toEqual(['name']);
    // The other sheet is untouched.
    expect(state.sheets[1]).toEqual(initialMapping(files).sheets[1]);
  });

  it('sends the overridden number and date formats only', () => {
    let state = chooseFormats(initialMapping(files), { numbers: 'en' });
    expect(toImportMapping(state)).toMatchObject({ numbers: 'en' });
    expect(toImportMapping(state)).not.toHaveProperty('dates');
    state = chooseFormats(state, { numbers: null, dates: 'iso' });
    expect(toImportMapping(state)).not.toHaveProperty('numbers');
    expect(toImportMapping(state)).toMatchObject({ dates: 'iso' });
  });
});

describe('reading the files again', () => {
  it("keeps the clerk's choices for the sheets read before and the formats; a new sheet comes with its guesses", () => {
    let before = chooseKind(initialMapping(files), 1, 'postings', fields);
    before = chooseField(before, 0, 'Bemerkung', 'givenName');
    before = chooseFormats(before, { dates: 'en' });
    const extra: FileInspection = {
      file: 'neu.csv',
      format,
      sheets: [
        { sheet: 'neu.csv', kind: 'members', headers: ['Nr'], rows: 1, mapping: { Nr: 'memberNr' }, preview: [] },
      ],
    };
    const after = carryOver(before, initialMapping([...files, extra]));
    expect(after.sheets.map((s) => s.kind)).toEqual(['members', 'postings', 'members']);
    expect(after.sheets[0]!.columns).toEqual(before.sheets[0]!.columns);
    expect(after.sheets[2]!.columns).toEqual({ Nr: 'memberNr' });
    expect(after.dates).toBe('en');
    // A sheet whose headers changed (the file was fixed) takes the new guesses.
    const changed: FileInspection = {
      ...files[0]!,
      sheets: [{ ...files[0]!.sheets[0]!, headers: ['Nr', 'Nachname'], mapping: { Nr: 'memberNr', Nachname: 'name' } }],
    };
    expect(carryOver(before, initialMapping([changed])).sheets[0]!.columns).toEqual({
      Nr: 'memberNr',
      Nachname: 'name',
    });
  });
});

describe('problemColumn', () => {
  const problem = { file: 'a.csv', sheet: 'a.csv', column: null, field: 'entryDate' };
  it("names the missing field in the clerk's language when the file has no column for it", () => {
    expect(problemColumn(problem, null, fields, 'de')).toBe('Eintrittsdatum');
    expect(problemColumn(problem, null, fields, 'en')).toBe('Entry date');
  });
  it("takes the label of the sheet's kind and keeps a column the file has", () => {
    const state = {
      sheets: [
        {
          file: 'a.csv',
          sheet: 'a.csv',
          kind: 'postings' as const,
          headers: [],
          rows: 0,
          preview: [],
          columns: {},
          guessed: { kind: null, columns: {} },
        },
      ],
      numbers: null,
      dates: null,
    };
    expect(problemColumn({ ...problem, field: 'memberNr' }, state, fields, 'de')).toBe('Mitgliedsnummer');
    expect(problemColumn({ ...problem, field: 'date' }, state, fields, 'en')).toBe('Date');
    expect(problemColumn({ ...problem, column: 'Eintritt' }, state, fields, 'de')).toBe('Eintritt');
    expect(problemColumn({ ...problem, field: null }, state, fields, 'de')).toBe('');
  });
});
