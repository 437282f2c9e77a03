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
if (!built) console.warn(`SKIPPED: reading thread suite needs the built ${READ_THREAD_ENTRY.pathname} (npx tsc -b services)`);

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
    const file = csv('mitglieder.csv', `Mitgliedsnummer;Name\r\n${Array.from({ length: 4500 }, (_, i) => `${i};Groß ${i}`).join('\r\n')}\r\n`);
    expect(await readInThread(file)).toEqual(await readFileHere(file));
    const workbook = { name: 'w.xlsx', bytes: farRowWorkbook(7) };
    expect(await readInThread(workbook)).toEqual(await readFileHere(workbook));
  });

  it('refuses a file beyond a limit found in the thread', async () => {
    const error = await readInThread({ name: 'w.xlsx', bytes: farRowWorkbook(200_000_000) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileBeyondLimitError);
    expect(error).toMatchObject({ file: 'w.xlsx', kind: 'rows' });
  });

  it('ends a read beyond its time and refuses the file', async () => {
    const stalling = entry('stalling', 'setInterval(() => undefined, 1000);\n');
    const error = await readInThread(csv('a.csv', 'x'), { seconds: 1, memoryMb: 256 }, stalling).catch((e: unknown) => e);
    expect(error).toMatchObject({ file: 'a.csv', kind: 'time', limit: 1 });
  });

  it('ends a read beyond its memory and refuses the file; this process lives on', async () => {
    const hungry = entry('hungry', 'const kept = [];\nfor (;;) kept.push(new Array(100000).fill({ a: kept.length }));\n');
    const error = await readInThread(csv('a.csv', 'x'), { seconds: 60, memoryMb: 32 }, hungry).catch((e: unknown) => e);
    expect(error).toMatchObject({ file: 'a.csv', kind: 'memory', limit: 32 });
  });
});
