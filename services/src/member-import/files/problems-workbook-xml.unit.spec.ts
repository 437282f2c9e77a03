import JSZip from 'jszip';
import type { ImportMapping, ImportProblem } from '../import-types.js';
import { problemsWorkbook } from './problems-workbook.js';
import { readImport } from './read-import.js';

/*
 * A probe (stop of 2026-12-03): the problems workbook wrote what an upload held into its XML parts as it was. A cell
 * holding U+FFFE or U+FFFF (noncharacters: no XML 1.0 character, which exceljs's escaping lets through as it drops
 * only the C0 controls) made a part Excel cannot read, and a CSV file named `'Mitglieder'.csv` gave a sheet name
 * starting and ending with an apostrophe, which Excel refuses as it refuses the reserved name `History`; the workbook
 * meant to show a clerk the broken rows opened as a damaged file. Every part is now XML 1.0 text and every sheet name
 * one Excel accepts; the values keep every other character.
 */

const file = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });
const text = (p: ImportProblem): string => `${p.template}(${p.column ?? '-'}) ${p.value ?? ''}`;
/** Characters outside XML 1.0's `Char` production. */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

async function parts(buffer: Buffer): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(buffer);
  const found = new Map<string, string>();
  for (const name of Object.keys(zip.files).filter((n) => n.endsWith('.xml')))
    found.set(name, await zip.file(name)!.async('string'));
  return found;
}
const sheetNames = (workbookXml: string): string[] =>
  [...workbookXml.matchAll(/<sheet [^>]*name="([^"]*)"/g)].map((m) =>
    m[1]!
      .replace(/&apos;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  );

describe('import: the problems workbook is XML Excel reads', () => {
  const csv = 'Mitgliedsnummer;Name\uffff;Eintrittsdatum\n1;Mei\ufffeer;01.02.2024\n2;Schulz;31.02.2024\n';

  it('writes no character outside XML 1.0 (U+FFFE and U+FFFF of an upload left out)', async () => {
    const files = [file('mitglieder.csv', csv)];
    const mapping: ImportMapping = {
      sheets: [
        {
          sheet: 'mitglieder.csv',
          kind: 'members',
          columns: { Mitgliedsnummer: 'memberNr', 'Name\uffff': 'name', Eintrittsdatum: 'entryDate' },
        },
      ],
    };
    const read = await readImport(files, mapping);
    const problems: ImportProblem[] = [
      ...read.problems,
      {
        file: 'mitglieder.csv',
        sheet: 'mitglieder.csv',
        row: 2,
        column: 'Name\uffff',
        field: 'name',
        value: 'Mei\ufffeer',
        template: 'controlCharacters',
        parameters: {},
      },
      {
        file: 'elsewhere.csv',
        sheet: 'elsewhere.csv',
        row: 7,
        column: null,
        field: null,
        value: '\ufffe',
        template: 'importUnknownKind',
        parameters: {},
      },
    ];
    const xml = await parts(await problemsWorkbook(files, mapping, problems, text, 'de'));
    const broken = [...xml].filter(([, content]) => NOT_XML.test(content)).map(([name]) => name);
    expect(broken).toEqual([]);
    // The rest of the text is kept.
    expect(xml.get('xl/worksheets/sheet1.xml')).toContain('Meier');
  });

  it.each([
    ["'Mitglieder'.csv", "Mitglieder'.csv"],
    ["Mitglieder.csv'", 'Mitglieder.csv'],
    ['History', 'History~2'],
  ])('names the sheet of the file %s as Excel accepts it (%s)', async (name, sheet) => {
    const files = [file(name, 'Mitgliedsnummer;Name\n1;Meier\n')];
    const mapping: ImportMapping = {
      sheets: [{ sheet: name, kind: 'members', columns: { Mitgliedsnummer: 'memberNr', Name: 'name' } }],
    };
    const read = await readImport(files, mapping);
    const xml = await parts(await problemsWorkbook(files, mapping, read.problems, text, 'en'));
    const names = sheetNames(xml.get('xl/workbook.xml')!);
    expect(names[0]).toBe(sheet);
    for (const n of names) {
      expect(n).not.toMatch(/^'|'$/);
      expect(n.toLowerCase()).not.toBe('history');
    }
  });
});
