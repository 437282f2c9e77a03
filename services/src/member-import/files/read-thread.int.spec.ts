/**
 * Issue 38, reading in a thread with a budget (read-thread.ts): the compiled entry answers what the calling thread would
 * read, a limit passed in the thread is the file's refusal, and a read beyond its time or its memory is ended and
 * refused while this process lives on. The budget's entries are small ES modules written for the test (jest's
 * TypeScript transform does not reach into a worker thread); the real entry is the compiled one (`npx tsc -b services`).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { farRowWorkbook } from '../../../../test/api/support/hostile-files.js';
import { FileBeyondLimitError } from './file-read.js';
import { readFileHere } from './read-file-here.js';
import { READ_THREAD_ENTRY, readInThread } from './read-thread.js';

const built = existsSync(READ_THREAD_ENTRY);
if (!built)
  console.warn(`SKIPPED: reading thread suite needs the built ${READ_THREAD_ENTRY.pathname} (npx tsc -b services)`);

const dir = mkdtempSync(join(tmpdir(), 'coop-read-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function entry(name: string, body: string): URL {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, body);
  return pathToFileURL(file);
}

const csv = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });

(built ? describe : describe.skip)('reading a file in a thread of its own', () => {
  it('answers the sheets the calling thread would read, typed cells and all', async () => {
    const file = csv(
      'mitglieder.csv',
      `Mitgliedsnummer;Name\r\n${Array.from({ length: 4500 }, (_, i) => `${i};Groß ${i}`).join('\r\n')}\r\n`,
    );
    expect(await readInThread(file)).toEqual(await readFileHere(file));
    const workbook = { name: 'w.xlsx', bytes: farRowWorkbook(7) };
    expect(await readInThread(workbook)).toEqual(await readFileHere(workbook));
  }, 120_000); // a thread's start loads exceljs: 30 s were passed at a load average of 30 on the two shared cores

  it('answers a CSV file posted as it is parsed as the calling thread reads it: the hint line, no rows, no records at all', async () => {
    for (const file of [
      csv('hint.csv', `sep=;\r\nNr;Name\r\n${Array.from({ length: 2001 }, (_, i) => `${i};Weiß ${i}`).join('\r\n')}`),
      csv('header.csv', 'Nr;Name\r\n'),
      csv('empty.csv', ''),
      {
        name: 'windows.csv',
        bytes: new Uint8Array(Buffer.from('Nr;Straße\r\n1;Großweg \u20ac\r\n'.replace('\u20ac', '\u0080'), 'latin1')),
      },
    ]) {
      expect(await readInThread(file)).toEqual(await readFileHere(file));
    }
  }, 120_000);

  it('refuses a CSV file whole when a limit is passed after rows were posted (issue 39: never read in part)', async () => {
    // rows are posted 2,000 at a time as they are parsed: row 4,502 (the 4,501st data row) has 513 columns
    const rows = Array.from({ length: 6000 }, (_, i) =>
      i === 4500 ? Array.from({ length: 513 }, () => 'x').join(';') : `${i};Groß ${i}`,
    );
    const error = await readInThread(csv('late.csv', `Nr;Name\r\n${rows.join('\r\n')}\r\n`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileBeyondLimitError);
    expect(error).toMatchObject({ file: 'late.csv', kind: 'columns', where: 'late.csv, row 4502' });
  });

  it('refuses a file beyond a limit found in the thread', async () => {
    const error = await readInThread({ name: 'w.xlsx', bytes: farRowWorkbook(200_000_000) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileBeyondLimitError);
    expect(error).toMatchObject({ file: 'w.xlsx', kind: 'rows' });
  });

  it('ends a read beyond its time and refuses the file', async () => {
    const stalling = entry('stalling', 'setInterval(() => undefined, 1000);\n');
    const error = await readInThread(csv('a.csv', 'x'), { seconds: 1, memoryMb: 256 }, stalling).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ file: 'a.csv', kind: 'time', limit: 1 });
  });

  it('ends a read beyond its memory and refuses the file; this process lives on', async () => {
    const hungry = entry(
      'hungry',
      'const kept = [];\nfor (;;) kept.push(new Array(100000).fill({ a: kept.length }));\n',
    );
    const error = await readInThread(csv('a.csv', 'x'), { seconds: 60, memoryMb: 32 }, hungry).catch((e: unknown) => e);
    expect(error).toMatchObject({ file: 'a.csv', kind: 'memory', limit: 32 });
  });
});
