import { describe, expect, it } from '@jest/globals';
import type { StreamWriter } from '../platform/commands/stream-writer.js';
import type { ReadModels } from '../platform/http/read-models.js';
import type { RunningTask } from '../tasks/index.js';
import type { ChurchDataKey } from './commands/church-data-key.js';
import {
  ANSWER_MAX_LINES,
  ANSWER_SLICE_LINES,
  answerHead,
  NotAnAnswerFile,
  readAnswerFile,
  readAnswerFileInSlices,
} from './domain/kistam-files.js';
import { BopFileTransport } from './kistam/kistam-transport.js';
import { KistamHandler } from './kistam/kistam.handler.js';

/*
 * The answer read in two steps (decision 294): the upload checks only the whole file (answerHead: line count and
 * record 1), on the API's thread; the task reads the lines a slice at a time. Neither may lose a refusal: the upload's
 * check refuses what reading the file would refuse as a whole, and the task rejects a file that is no answer with it.
 */

/** What a read of `text` says of the whole file: its head, or why it is no answer. */
function verdict(read: (text: string) => { authSteuernummer: string; statusDate: string }, text: string): string {
  try {
    const { authSteuernummer, statusDate } = read(text);
    return `${authSteuernummer} ${statusDate}`;
  } catch (error) {
    if (error instanceof NotAnAnswerFile) return `refused: ${[error.template, ...error.parameters].join(' ')}`;
    throw error;
  }
}

const RECORD_4 = '4;1;86095742719;12.03.1960;1;31.08.2025;rk;9;';

describe('the upload check of a KiStAM answer (answerHead)', () => {
  it.each([
    ['empty', ''],
    ['no record 1', 'hello\r\nworld'],
    ['only lines of other records', `${RECORD_4}\r\n2;40012345678;eG`],
    ['record 1 of version 1', '1;1;DE1;15.10.2025'],
    ['record 1 without a version', '1'],
    ['record 1 without a date', '1;2;DE1;'],
    ['record 1 with a date that is none', '1;2;DE1;31.02.2025'],
    ['record 1 after a header, a comment and other records', `Satzart;x\r\n#1;2\r\n${RECORD_4}\r\n1;2;DE9;15.10.2025`],
    ['record 1 quoted and blank-padded', ' "1" ; "2" ;" DE9 "; 15.10.2025 '],
    ['record 1 with an ISO date, LF line ends', `1;2;DE9;2025-10-15\n${RECORD_4}\n`],
    ['a first field that only begins with 1', `12;2;DE9;15.10.2025\r\n1;1;DE9;15.10.2025`],
    ['a line break alone before record 1', `\r\r\n1;2;DE9;15.10.2025`],
  ])('%s: says what reading the whole file says', (_name, text) => {
    expect(verdict(answerHead, text)).toBe(verdict(readAnswerFile, text));
  });

  it(`refuses more than ${ANSWER_MAX_LINES} lines before looking for record 1`, () => {
    const text = `#\r\n`.repeat(ANSWER_MAX_LINES) + '1;2;DE9;15.10.2025';
    expect(verdict(answerHead, text)).toBe(`refused: kistamAnswerTooManyLines ${ANSWER_MAX_LINES}`);
    expect(verdict(readAnswerFile, text)).toBe(`refused: kistamAnswerTooManyLines ${ANSWER_MAX_LINES}`);
  });
});

describe('the task read of a KiStAM answer (readAnswerFileInSlices)', () => {
  const many = 3 * ANSWER_SLICE_LINES + 17;
  const text = [
    '1;2;DE123456789;15.10.2025',
    ...Array.from({ length: many }, (_, i) =>
      i % 3 === 0 ? RECORD_4 : i % 3 === 1 ? `4;${String(i)};bad` : `3;${String(i)}`,
    ),
  ].join('\r\n');

  it('reads what readAnswerFile reads, giving the loop its turn after each slice of lines', async () => {
    let pauses = 0;
    const read = await readAnswerFileInSlices(text, async () => void pauses++);
    expect(read).toEqual(readAnswerFile(text));
    expect(read.lines.length + read.errors.length).toBe(many);
    expect(pauses).toBe(Math.floor((many + 1) / ANSWER_SLICE_LINES));
  });

  it('tells the task the lines read of the file’s lines after each slice (its progress)', async () => {
    // Before, a task reading an answer of 250,000 lines showed no progress at all.
    const bytes = new TextEncoder().encode(text);
    const input = { fileId: 'f-1', name: 'kistam-answer.csv', contentType: 'text/csv', size: bytes.length, sha256: '' };
    const progress: [number, number][] = [];
    const task = {
      taskId: 't-1',
      cooperativeId: 'c-1',
      kind: 'kistam',
      params: {},
      queuedBy: 'admin',
      attempt: 1,
      inputs: [input],
      files: [],
      readFile: async () => bytes,
      progress: (done: number, total: number) => void progress.push([done, total]),
    } satisfies RunningTask<'kistam'>;
    await new BopFileTransport().receive(task);
    const lines = many + 1;
    expect(progress).toEqual(
      Array.from({ length: Math.floor(lines / ANSWER_SLICE_LINES) }, (_, i) => [(i + 1) * ANSWER_SLICE_LINES, lines]),
    );
  });

  it('reads the same bytes the same, one after the other and five at once', async () => {
    const once = readAnswerFile(text);
    const yieldNow = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
    const atOnce = await Promise.all(Array.from({ length: 5 }, () => readAnswerFileInSlices(text, yieldNow)));
    const after = [readAnswerFile(text), await readAnswerFileInSlices(text, yieldNow)];
    for (const read of [...atOnce, ...after]) expect(read).toEqual(once);
  });

  it('reads quoted and blank-padded fields as the plain ones', () => {
    const head = '1;2;DE123456789;15.10.2025';
    const padded = ' 4 ;"1"; 86095742719 ;"12.03.1960";1;\t31.08.2025;" rk ";9,00\u00a0;"0"';
    expect(readAnswerFile(`${head}\r\n${padded}`)).toEqual(
      readAnswerFile(`${head}\r\n4;1;86095742719;12.03.1960;1;31.08.2025;rk;9,00;0`),
    );
  });

  it('refuses a file that is no answer as readAnswerFile does, before any pause', async () => {
    let pauses = 0;
    await expect(readAnswerFileInSlices(`x\r\n${RECORD_4}`, async () => void pauses++)).rejects.toMatchObject({
      template: 'kistamAnswerNoRecord1',
      parameters: [],
    });
    expect(pauses).toBe(0);
  });
});

describe('the KiStAM task given an input that is no answer', () => {
  it("is rejected with the reason's own template and parameters, which the runner's taskRejected carries", async () => {
    const bytes = new TextEncoder().encode('1;1;DE1;15.10.2025\r\n');
    const input = { fileId: 'f-1', name: 'kistam-answer.csv', contentType: 'text/csv', size: bytes.length, sha256: '' };
    const task = {
      taskId: 't-1',
      cooperativeId: 'c-1',
      kind: 'kistam',
      params: {},
      queuedBy: 'admin',
      attempt: 1,
      inputs: [input],
      files: [],
      readFile: async () => bytes,
      progress: () => undefined,
    } satisfies RunningTask<'kistam'>;
    // Neither the read models nor the church keys are reached: the answer is refused first.
    const handler = new KistamHandler(
      {} as ReadModels,
      new BopFileTransport(),
      {} as ChurchDataKey,
      {} as StreamWriter,
    );
    expect(await handler.run(task)).toEqual({
      outcome: 'rejected',
      reason: { template: 'kistamAnswerVersion', parameters: ['1', '2'] },
      notifications: [],
    });
  });
});
