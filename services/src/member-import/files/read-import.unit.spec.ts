import type { ImportMapping, ImportProblem } from '../import-types.js';
import { guessedMapping, inspectFiles } from './inspect.js';
import { readAhead, readFile, UnreadableFileError } from './read-file.js';
import { readFileHere } from './read-file-here.js';
import { READS_AT_ONCE, readImport, type ReadOne } from './read-import.js';

const file = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });

const MEMBERS_DE = [
  'Mitgliedsnummer;Name;Vorname;Eintrittsdatum;Anteile;Geschäftsguthaben;Mitgliedsart;Ausland',
  '1;Meier;Anna;01.02.2024;3;1.500,00;Gründer;nein',
  ';;;;;;;',
  '2;Schulz;Bernd;15.03.2024;2;1.000,50;Mitglied;ja',
].join('\r\n');

/** The mapping the inspection guesses, as the console would send it back. */
const guessed = async (files: { name: string; bytes: Uint8Array }[]): Promise<ImportMapping> =>
  guessedMapping(await inspectFiles(files, null));

const where = (p: ImportProblem) => [p.row, p.column, p.value, p.template];

describe('import: reading typed rows', () => {
  it('reads a German members CSV into typed rows, numbered by file row, empty rows skipped', async () => {
    const files = [file('mitglieder.csv', MEMBERS_DE)];
    const read = await readImport(files, await guessed(files));
    expect(read.problems).toEqual([]);
    expect(read.formats['mitglieder.csv']).toEqual({
      fileType: 'csv',
      encoding: 'utf-8',
      delimiter: ';',
      numbers: 'de',
      dates: 'de',
    });
    expect(read.rows.map((r) => r.row)).toEqual([2, 4]);
    expect(read.rows[1]?.values).toEqual({
      memberNr: 2,
      name: 'Schulz',
      givenName: 'Bernd',
      entryDate: '2024-03-15',
      shareAmount: 2,
      capital: 100050,
      memberType: 1,
      isForeign: true,
    });
    expect(read.rows[0]?.cells.capital).toEqual({ column: 'Geschäftsguthaben', text: '1.500,00' });
    expect(read.rows[0]?.kind).toBe('members');
    expect(JSON.parse(JSON.stringify(read.rows[0])).cells.entryDate).toEqual({
      column: 'Eintrittsdatum',
      text: '01.02.2024',
    });
  });

  it('reads an English postings CSV with commas', async () => {
    const files = [
      file(
        'postings.csv',
        'Member number,Type,Shares,Amount,Date\n1,1,3,"1,500.00",12/31/2024\n1,5,-1,-500.00,01/02/2025\n',
      ),
    ];
    const read = await readImport(files, await guessed(files));
    expect(read.problems).toEqual([]);
    expect(read.formats['postings.csv']).toMatchObject({ delimiter: ',', numbers: 'en', dates: 'en' });
    expect(read.rows.map((r) => r.values)).toEqual([
      { memberNr: 1, type: 1, quantity: 3, amount: 150000, date: '2024-12-31' },
      { memberNr: 1, type: 5, quantity: -1, amount: -50000, date: '2025-01-02' },
    ]);
  });

  it('names a bad number, date, choice and yes/no at its row and column, and a required field left empty', async () => {
    const text = [
      'Mitgliedsnummer;Name;Eintrittsdatum;Anteile;Mitgliedsart;Ausland',
      '1;Meier;01.02.2024;drei;Gründer;nein',
      '2;Schulz;31.02.2024;2;Kaiser;vielleicht',
      '3;;01.03.2024;1;;',
    ].join('\n');
    const files = [file('mitglieder.csv', text)];
    const read = await readImport(files, await guessed(files));
    expect(read.problems.map(where)).toEqual([
      [2, 'Anteile', 'drei', 'invalidNumber'],
      [3, 'Eintrittsdatum', '31.02.2024', 'invalidDate'],
      [3, 'Mitgliedsart', 'Kaiser', 'importInvalidChoice'],
      [3, 'Ausland', 'vielleicht', 'importInvalidChoice'],
      [4, 'Name', '', 'mustNotBeEmpty'],
    ]);
    expect(read.problems[0]).toMatchObject({ file: 'mitglieder.csv', sheet: 'mitglieder.csv', field: 'shareAmount' });
    // the rows are still there, the bad cells empty
    expect(read.rows.map((r) => r.values.shareAmount)).toEqual([null, 2, 1]);
  });

  it('names a required field no column maps to, once, and a sheet without a kind', async () => {
    const files = [
      file('mitglieder.csv', 'Mitgliedsnummer;Name\n1;Meier\n'),
      file('notizen.csv', 'Text\nhallo\n'),
      file('leer.csv', ''),
    ];
    const mapping = await guessed(files);
    expect(mapping).toEqual({
      sheets: [{ sheet: 'mitglieder.csv', kind: 'members', columns: { Mitgliedsnummer: 'memberNr', Name: 'name' } }],
    });
    const read = await readImport(files, mapping);
    expect(read.problems).toEqual([
      {
        file: 'mitglieder.csv',
        sheet: 'mitglieder.csv',
        row: null,
        column: null,
        field: 'entryDate',
        value: null,
        template: 'importUnmappedRequired',
        parameters: { 0: 'Eintrittsdatum', 1: 'Entry date' },
      },
      {
        file: 'notizen.csv',
        sheet: 'notizen.csv',
        row: null,
        column: null,
        field: null,
        value: null,
        template: 'importUnknownKind',
        parameters: { 0: 'notizen.csv' },
      },
    ]);
    expect(read.rows).toHaveLength(1);
  });

  it('reads in the clerk’s formats where the mapping overrides the detected ones', async () => {
    const files = [file('buchungen.csv', 'Mitgliedsnummer;Buchungsart;Datum\n1;1;01/02/2024\n')];
    const mapping = await guessed(files);
    expect((await readImport(files, mapping)).rows[0]?.values.date).toBe('2024-02-01');
    expect((await readImport(files, { ...mapping, dates: 'en' })).rows[0]?.values.date).toBe('2024-01-02');
  });

  it('inspects: kind, headers, rows, guessed mapping and a preview of three rows', async () => {
    const [inspection] = await inspectFiles([file('mitglieder.csv', MEMBERS_DE)], null);
    expect(inspection?.format).toMatchObject({ numbers: 'de', dates: 'de' });
    expect(inspection?.sheets).toEqual([
      {
        sheet: 'mitglieder.csv',
        kind: 'members',
        headers: [
          'Mitgliedsnummer',
          'Name',
          'Vorname',
          'Eintrittsdatum',
          'Anteile',
          'Geschäftsguthaben',
          'Mitgliedsart',
          'Ausland',
        ],
        rows: 2,
        mapping: {
          Mitgliedsnummer: 'memberNr',
          Name: 'name',
          Vorname: 'givenName',
          Eintrittsdatum: 'entryDate',
          Anteile: 'shareAmount',
          Geschäftsguthaben: 'capital',
          Mitgliedsart: 'memberType',
          Ausland: 'isForeign',
        },
        preview: [
          ['1', 'Meier', 'Anna', '01.02.2024', '3', '1.500,00', 'Gründer', 'nein'],
          ['2', 'Schulz', 'Bernd', '15.03.2024', '2', '1.000,50', 'Mitglied', 'ja'],
        ],
      },
    ]);
  });

  it('refuses a file that cannot be read at all as the file’s error, not a row’s', async () => {
    const broken = [file('mitglieder.csv', 'Mitgliedsnummer;Name\n1;"Meier\n')];
    await expect(readImport(broken, { sheets: [] })).rejects.toThrow(UnreadableFileError);
    await expect(inspectFiles(broken, null)).rejects.toMatchObject({ file: 'mitglieder.csv', fileType: 'csv' });
    const damaged = [{ name: 'register.xlsx', bytes: Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]) }];
    await expect(readImport(damaged, { sheets: [] })).rejects.toMatchObject({
      name: 'UnreadableFileError',
      file: 'register.xlsx',
      fileType: 'xlsx',
    });
  });
});

describe('import: the files of an upload read side by side (issue 39, decision 203)', () => {
  const POSTINGS_DE = ['Mitgliedsnummer;Buchungsart;Anzahl;Datum', '1;1;3;31.12.2024', '2;1;1;02.01.2025'].join('\r\n');
  const upload = () => [file('mitglieder.csv', MEMBERS_DE), file('buchungen.csv', POSTINGS_DE)];

  /** A reader that notes each read's start and answers the later files first (the earlier after a turn of the loop). */
  const outOfOrder = (
    started: string[],
    answered: string[],
    refuse: ReadonlySet<string> = new Set(),
    signals: AbortSignal[] = [],
  ): ReadOne => {
    let pending = 0;
    return async (f, signal) => {
      started.push(`${f.name} (answered before: ${answered.length})`);
      signals.push(signal);
      const delay = 5 * Math.max(0, 2 - pending++);
      await new Promise((resolve) => setTimeout(resolve, delay));
      answered.push(f.name);
      if (refuse.has(f.name)) throw new UnreadableFileError(f.name, 'csv', `${f.name} broken`);
      return readFileHere(f);
    };
  };

  it('begins every read before any is answered, and takes the files in the upload order whatever order they end in', async () => {
    const files = upload();
    const mapping = await guessed(files);
    const started: string[] = [];
    const answered: string[] = [];
    const read = await readImport(files, mapping, outOfOrder(started, answered));
    expect(started).toEqual(['mitglieder.csv (answered before: 0)', 'buchungen.csv (answered before: 0)']);
    expect(answered).toEqual(['buchungen.csv', 'mitglieder.csv']);
    const oneAfterAnother = await readImport(files, mapping, (f) => readFileHere(f));
    expect(read.rows.map((r) => [r.file, r.row, r.values])).toEqual(
      oneAfterAnother.rows.map((r) => [r.file, r.row, r.values]),
    );
    expect(read.rows.map((r) => r.file)).toEqual([
      'mitglieder.csv',
      'mitglieder.csv',
      'buchungen.csv',
      'buchungen.csv',
    ]);
    expect(read.problems).toEqual(oneAfterAnother.problems);
  });

  it('holds at most two files at a time: the third is begun once the first is taken, not when a read ends', async () => {
    const files = [...upload(), file('buchungen-2025.csv', POSTINGS_DE)];
    const started: string[] = [];
    const answered: string[] = [];
    // The second read ends at once, the first after a timer: were a place given back when a read ends, the third would
    // begin before the first is answered, and every file read ahead would be held (decision 346: twenty million rows of
    // eight files held at once ran the API out of memory). It begins once the first file is taken.
    const reader: ReadOne = async (f) => {
      started.push(`${f.name} (answered before: ${answered.join(', ')})`);
      if (f.name === 'mitglieder.csv') await new Promise((resolve) => setTimeout(resolve, 20));
      answered.push(f.name);
      return readFileHere(f);
    };
    const read = await readImport(files, await guessed(files), reader);
    expect(READS_AT_ONCE).toBe(2);
    expect(started).toEqual([
      'mitglieder.csv (answered before: )',
      'buchungen.csv (answered before: )',
      'buchungen-2025.csv (answered before: buchungen.csv, mitglieder.csv)',
    ]);
    expect(read.rows.map((r) => r.file)).toEqual([
      'mitglieder.csv',
      'mitglieder.csv',
      'buchungen.csv',
      'buchungen.csv',
      'buchungen-2025.csv',
      'buchungen-2025.csv',
    ]);
  });

  it('refuses with the first refused file in the upload order, also when a later one was refused first, and ends the reads still running', async () => {
    const files = upload();
    const mapping = await guessed(files);
    const answered: string[] = [];
    const signals: AbortSignal[] = [];
    const refused = readImport(
      files,
      mapping,
      outOfOrder([], answered, new Set(['mitglieder.csv', 'buchungen.csv']), signals),
    );
    await expect(refused).rejects.toThrow('mitglieder.csv broken');
    expect(answered).toEqual(['buchungen.csv', 'mitglieder.csv']);
    expect(signals.map((s) => s.aborted)).toEqual([true, true]);
  });
});

describe('import: a row read alone, and files read ahead (the command line, decisions 249-250)', () => {
  it("a row's cell(field) is its cells[field], also for a field two columns map to and one none maps to", async () => {
    const files = [file('mitglieder.csv', MEMBERS_DE)];
    const mapping = await guessed(files);
    // Name and Vorname both mapped to the name: `cell` answers the column `cells` names.
    const sheet = mapping.sheets[0]!;
    const twice: ImportMapping = { sheets: [{ ...sheet, columns: { ...sheet.columns, Vorname: 'name' } }] };
    const read = await readImport(files, twice);
    expect(read.rows.length).toBe(2);
    for (const row of read.rows) {
      const keys = [...Object.keys(row.cells), 'givenName', 'iban', 'nothing'];
      for (const key of keys) expect([key, row.cell?.(key)]).toEqual([key, row.cells[key]]);
    }
  });

  it('a file read ahead answers its first read as reading it then would, and a later read reads again', async () => {
    const files = [file('mitglieder.csv', MEMBERS_DE)];
    const mapping = await guessed(files);
    const then = await readImport(files, mapping, (f) => readFileHere(f));
    readAhead(files, { atOnce: 1, here: true });
    const ahead = readFile(files[0]!);
    const again = readFile(files[0]!);
    expect(ahead).not.toBe(again);
    expect(await ahead).toEqual(await again);
    readAhead(files, { atOnce: 1, here: true });
    const read = await readImport(files, mapping);
    expect(read.rows.map((r) => [r.row, r.values, r.cells])).toEqual(then.rows.map((r) => [r.row, r.values, r.cells]));
    expect(read.problems).toEqual(then.problems);
  });

  it('a file refused while read ahead is refused to its read, with the same reason', async () => {
    const broken = [file('mitglieder.csv', 'Mitgliedsnummer;Name\n1;"Meier\n')];
    const reason = await readFileHere(broken[0]!).catch((e: unknown) => e);
    readAhead(broken, { atOnce: 1, here: true });
    await new Promise((resolve) => setTimeout(resolve, 10)); // refused before anyone asks: no unhandled rejection
    await expect(readImport(broken, { sheets: [] })).rejects.toEqual(reason);
  });
});
