import { describe, expect, it } from '@jest/globals';
import type { ImportMapping, ImportProblem } from '../import-types.js';
import { replayContext } from '../replay/generated-register.js';
import { replayImport } from '../replay/replay-import.js';
import { guessedMapping, inspectFiles } from './inspect.js';
import { readImport } from './read-import.js';

/*
 * A register typed in the console's own words (issue 39 "In the words clerks use"): every choice column accepts what
 * the console shows for it, in German and English, beside the codes; a refusal lists what is allowed; a file with
 * another delimiter is refused naming it.
 */

const file = (name: string, lines: readonly string[], delimiter = ';') => ({
  name,
  bytes: new TextEncoder().encode(lines.map((l) => l.split(';').join(delimiter)).join('\r\n')),
});
const guessed = async (files: { name: string; bytes: Uint8Array }[]): Promise<ImportMapping> =>
  guessedMapping(await inspectFiles(files, null));
const where = (p: ImportProblem) => [p.row, p.column, p.value, p.template, p.parameters];

const HEADERS_DE =
  'Mitgliedsnummer;Mitgliedsart;Funktion;Anrede;Briefanrede;Titel;Name / Firma;Vorname;Geburtsdatum;Rechtsform;Familienstand;Straße;Hausnummer;PLZ;Ort;Bundesland;Bank;IBAN;BIC;Eintrittsdatum;Zulassungsdatum;Kirche;Anzahl Anteile';
const HEADERS_EN =
  'Member number;Member type;Position;Salutation;Postal salutation;Title;Surname;First name;Date of birth;Legal form;Marital status;Street;House number;Zip code;City;State;Bank;IBAN;BIC;Entry date;Approval date;Church;Shares';

describe('the import in the words clerks use (issue 39)', () => {
  it('reads a members sheet typed in the console’s German words as the codes', async () => {
    const files = [
      file('mitglieder.csv', [
        HEADERS_DE,
        '1;Beigetreten;Vorstand;Frau;Sehr geehrte Frau;Dr.;Schönberger;Anna;12.04.1980;Natürliche Person;ledig;Lindenweg;7;80331;München;Bayern;Musterbank;DE89370400440532013000;COBADEFFXXX;15.01.2020;20.01.2020;Römisch-katholisch;2',
        '2;Gründungsmitglied;Aufsichtsrat;Herr;Sehr geehrter Herr Dr.;Kein Titel;Huber;Bernd;01.06.1975;Natürliche Person;Eingetragene Partnerschaft;Lindenweg;8;80331;München;Baden-Württemberg;Musterbank;DE02120300000000202051;COBADEFFXXX;15.01.2020;20.01.2020;evangelisch;1',
        '3;Investierendes Mitglied;Mitglied;;Sehr geehrte Damen und Herren;;Stadtwerke eG;;;Juristische Person;;Ringstraße;1;80331;München;Thüringen;Musterbank;DE44500105175407324931;INGDDEFFXXX;15.01.2020;20.01.2020;;1',
      ]),
    ];
    const read = await readImport(files, await guessed(files));
    expect(read.problems.map(where)).toEqual([]);
    const values = read.rows.map((r) => r.values);
    expect(values[0]).toMatchObject({
      memberType: 1,
      position: 1,
      salutation: 'Frau',
      postalSalutation: 'female',
      title: 'Dr',
      legalForm: 0,
      civilStatus: 0,
      state: 'by',
      churchId: 'rk',
    });
    expect(values[1]).toMatchObject({
      memberType: 0,
      position: 2,
      salutation: 'Herr',
      postalSalutation: 'maleDr',
      title: 'none',
      civilStatus: 2,
      state: 'bw',
      churchId: 'ev',
    });
    expect(values[2]).toMatchObject({
      memberType: 3,
      position: 0,
      postalSalutation: 'company',
      legalForm: 1,
      state: 'th',
    });
    // and the replay admits them as the console would
    expect(replayImport(read.rows, replayContext()).problems.map(where)).toEqual([]);
  });

  it('reads the English words and the codes, ignoring case and spacing', async () => {
    const files = [
      file('members.csv', [
        HEADERS_EN,
        '1;Joiner;President;Ms;Dear Ms;Dr.;Brown;Ann;04/12/1980;natural  person;UNMARRIED;Lindenweg;7;80331;Munich;Bavaria;Bank;DE89370400440532013000;COBADEFFXXX;01/15/2020;01/20/2020;Roman Catholic;2',
        '2;1;0;Herr;male;Prof;Green;Bob;06/01/1975;0;1;Lindenweg;8;80331;Munich;by;Bank;DE02120300000000202051;COBADEFFXXX;01/15/2020;01/20/2020;xy;1',
      ]),
    ];
    const read = await readImport(files, await guessed(files));
    expect(read.problems.map(where)).toEqual([]);
    expect(read.rows[0]?.values).toMatchObject({
      memberType: 1,
      position: 1,
      salutation: 'Frau',
      postalSalutation: 'female',
      title: 'Dr',
      legalForm: 0,
      civilStatus: 0,
      state: 'by',
      churchId: 'rk',
    });
    // a church code the console does not name is kept as written (the tax office knows more)
    expect(read.rows[1]?.values).toMatchObject({
      memberType: 1,
      position: 0,
      salutation: 'Herr',
      postalSalutation: 'male',
      title: 'Prof',
      legalForm: 0,
      civilStatus: 1,
      state: 'by',
      churchId: 'xy',
    });
  });

  it('reads postings, exemption orders and certificates by the console’s words', async () => {
    const files = [
      file('buchungen.csv', [
        'Mitgliedsnummer;Buchungsart;Anzahl;Datum',
        '1;Erstzeichnung;2;15.01.2020',
        '1;Zeichnung weiterer Anteile;1;01.03.2021',
        '1;Additional shares;1;01.03.2022',
      ]),
      file('freistellungsaufträge.csv', [
        'Mitgliedsnummer;Art;Betrag;Datum;Gültig ab',
        '1;Erstauftrag;100,00;01.01.2021;01.01.2021',
        '1;Follow-up order;200,00;01.01.2022;01.01.2022',
      ]),
      file('nv-bescheinigungen.csv', [
        'Mitgliedsnummer;Art;Ausstellungsdatum;Gültig ab;Gültig bis',
        '1;Vollständige Abstandnahme (NV 100);01.01.2021;01.01.2021;31.12.2023',
        '1;Three fifths withheld (NV 60);01.01.2024;01.01.2024;31.12.2026',
      ]),
    ];
    const read = await readImport(files, await guessed(files));
    expect(read.problems.map(where)).toEqual([]);
    expect(read.rows.map((r) => r.values.type)).toEqual([0, 1, 1, 0, 1, 100, 60]);
  });

  it('refuses a word it does not know, listing what is allowed (German and English words with their codes)', async () => {
    const files = [
      file('mitglieder.csv', ['Mitgliedsnummer;Bundesland;Familienstand;Ausland', '1;Bayer;geschieden;vielleicht']),
    ];
    const read = await readImport(files, await guessed(files));
    const [state, civil, foreign] = read.problems.filter((p) => p.row !== null);
    expect(state).toMatchObject({ row: 2, column: 'Bundesland', value: 'Bayer', template: 'importInvalidChoice' });
    expect(state?.parameters[1]).toContain('Berlin (be), Baden-Württemberg (bw), Bayern / Bavaria (by)');
    expect(civil?.parameters).toEqual({
      0: 'geschieden',
      1: 'Ledig / Unmarried (0), Verheiratet / Married (1), Eingetragene Partnerschaft / Civil partnership (2), Verwitwet / Widowed (3)',
    });
    expect(foreign).toMatchObject({
      template: 'importInvalidChoice',
      parameters: { 0: 'vielleicht', 1: 'ja / yes, nein / no' },
    });
  });

  it('says "must not be empty" for an empty required choice', async () => {
    const files = [file('buchungen.csv', ['Mitgliedsnummer;Buchungsart;Anzahl;Datum', '1; ;2;15.01.2020'])];
    const read = await readImport(files, await guessed(files));
    expect(read.problems.map((p) => [p.column, p.template])).toEqual([['Buchungsart', 'mustNotBeEmpty']]);
  });

  it('refuses a CSV separated by another character, naming it', async () => {
    for (const [delimiter, found] of [
      ['|', '"|"'],
      [':', '":"'],
      [' ', '" "'],
    ] as const) {
      const files = [
        file('mitglieder.csv', ['Mitgliedsnummer;Name;Vorname;Eintrittsdatum', '1;Meier;Anna;01.02.2024'], delimiter),
      ];
      const refused = await inspectFiles(files, null).catch((e: unknown) => e);
      expect(refused).toMatchObject({ name: 'UnsupportedDelimiterError', file: 'mitglieder.csv', found });
      const mapping: ImportMapping = { sheets: [{ sheet: 'mitglieder.csv', kind: 'members', columns: {} }] };
      await expect(readImport(files, mapping)).rejects.toMatchObject({ name: 'UnsupportedDelimiterError' });
    }
  });
});
