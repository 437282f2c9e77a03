import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { FastifyRequest } from 'fastify';
import type { TaskDto } from '@coop/contracts';
import type { Actor } from '../platform/commands/command-context.js';
import { ConflictingStateError } from '../platform/commands/errors.js';
import type { RunningTask, TaskQueue } from '../tasks/index.js';
import { interpretAnswer } from './domain/kistam-answer.js';
import { ANSWER_RECORD1_MAX, answerHead, NotAnAnswerFile, readAnswerFile } from './domain/kistam-files.js';
import { KistamController } from './http/kistam.controller.js';
import { answerOutcome, nullAnswered } from './kistam/kistam.handler.js';
import type { ChurchTaxReads } from './queries/church-tax-reads.js';

/*
 * A security probe (F3): a KiStAM answer of `1;` and ten million `;` (10 MiB, the largest body taken) held the API's
 * thread 1.1-1.7 s per upload, its record 1 split whole into ten million fields before its version was looked at, and
 * an upload to a task that waited for no answer was read all the same. Now record 1 is refused by its length before it
 * is split, a line is split into the fields read and no more, and a task not waiting refuses the file unlooked at. No
 * timing: the splits made are watched (String.prototype.split), and the refusal is the one the length gives.
 */

const TEN_MILLION = 10_000_000;
const hostile = (record: string): string => `${record};${';'.repeat(TEN_MILLION)}`;

/** Every split made while `work` runs: the length of the text split and of the list it gave (read before the restore,
 *  which forgets them). */
function splitsDuring<T>(work: () => T): { result: T | Error; splits: { text: number; parts: number }[] } {
  const split = jest.spyOn(String.prototype, 'split');
  let result: T | Error;
  try {
    result = work();
  } catch (error) {
    result = error as Error;
  }
  const splits = split.mock.contexts.map((text, i) => ({
    text: String(text).length,
    parts: (split.mock.results[i]?.value as unknown[] | undefined)?.length ?? 0,
  }));
  split.mockRestore();
  return { result, splits };
}

const refusalOf = (result: unknown): string =>
  result instanceof NotAnAnswerFile
    ? [result.template, ...result.parameters].join(' ')
    : `not refused: ${String(result)}`;

afterEach(() => {
  jest.restoreAllMocks();
});

describe('a KiStAM answer whose record 1 is ten million fields', () => {
  it('is refused by the length of record 1 before the line is split', () => {
    const { result, splits } = splitsDuring(() => answerHead(hostile('1')));
    expect(refusalOf(result)).toBe(`kistamAnswerRecord1TooLong 1 ${ANSWER_RECORD1_MAX}`);
    expect(splits.filter((s) => s.text > ANSWER_RECORD1_MAX)).toEqual([]);
  });

  it('is refused the same by the task, and after other lines with the line it is on', () => {
    const text = `#\r\nSatzart;x\r\n${hostile(' "1" ')}`;
    expect(refusalOf(splitsDuring(() => answerHead(text)).result)).toBe(
      `kistamAnswerRecord1TooLong 3 ${ANSWER_RECORD1_MAX}`,
    );
    expect(refusalOf(splitsDuring(() => readAnswerFile(text)).result)).toBe(
      `kistamAnswerRecord1TooLong 3 ${ANSWER_RECORD1_MAX}`,
    );
  });

  it(`reads a record 1 of ${ANSWER_RECORD1_MAX} characters, its further fields not split off`, () => {
    const head = '1;2;DE9;15.10.2025;';
    const record = head + ';'.repeat(ANSWER_RECORD1_MAX - head.length);
    expect(record).toHaveLength(ANSWER_RECORD1_MAX);
    const { result, splits } = splitsDuring(() => answerHead(record));
    expect(result).toEqual({ authSteuernummer: 'DE9', statusDate: '2025-10-15' });
    expect(splits.map((s) => s.parts)).toEqual([4]);
  });
});

describe('a record 4 of ten million fields, after a record 1 that is one', () => {
  it('is split into the nine fields read, and read as an answer', () => {
    const text = `1;2;DE9;15.10.2025\r\n${hostile('4;1;86095742719;12.03.1960;1;;rk;9')}`;
    const { result, splits } = splitsDuring(() => readAnswerFile(text));
    expect(result).toMatchObject({ statusDate: '2025-10-15', errors: [] });
    expect((result as { readonly lines: readonly { line: number; key: string }[] }).lines).toMatchObject([
      { line: 2, taxId: '86095742719', key: 'rk', rate: '9', returnCode: null },
    ]);
    // Record 1 (its 4 fields, in the head and again as a data row), then record 4: its first 9 fields, the rest unsplit.
    expect(splits.map((s) => s.parts)).toEqual([4, 4, 9]);
  });
});

describe('an answer sent to a KiStAM task that waits for none', () => {
  const actor = { cooperativeId: 'c1', username: 'admin' } as Actor;
  const taskIn = (state: string): ChurchTaxReads =>
    ({ task: async () => ({ id: 't1', kind: 'kistam', state }) as unknown as TaskDto }) as unknown as ChurchTaxReads;
  const queue = (): TaskQueue & { inputs: number } => {
    const q = {
      inputs: 0,
      enqueue: async () => 't1',
      provideInput: async () => {
        q.inputs += 1;
      },
    };
    return q;
  };

  it.each(['completed', 'running', 'queued', 'rejected', 'cancelled'])(
    'is refused 409 taskNotAwaitingInput while the task is %s, its body not looked at',
    async (state) => {
      let looked = false;
      const req = {
        get body() {
          looked = true;
          return new TextEncoder().encode(hostile('1'));
        },
      } as unknown as FastifyRequest;
      const q = queue();
      const refused = await new KistamController(taskIn(state), q).answer(actor, 't1', req).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ConflictingStateError);
      expect((refused as ConflictingStateError).errors).toEqual([
        { field: null, template: 'taskNotAwaitingInput', parameters: {} },
      ]);
      expect([looked, q.inputs]).toEqual([false, 0]);
    },
  );

  it('is checked and handed to a waiting task', async () => {
    const q = queue();
    const req = { body: new TextEncoder().encode('1;2;DE9;15.10.2025\r\n') } as unknown as FastifyRequest;
    await new KistamController(taskIn('waiting'), q).answer(actor, 't1', req);
    expect(q.inputs).toBe(1);
    const hostileReq = { body: new TextEncoder().encode(hostile('1')) } as unknown as FastifyRequest;
    const refused = await new KistamController(taskIn('waiting'), q)
      .answer(actor, 't1', hostileReq)
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({
      errors: [{ field: 'file', template: 'kistamAnswerRecord1TooLong' }],
    });
    expect(q.inputs).toBe(1);
  });
});

describe('a record 4 cut short (a truncated or damaged file)', () => {
  // Before, each was read as a null answer (key and rate absent read as empty): the member's church data was deleted
  // and its church key erased for good (§ 51a Abs. 2c EStG deletes on a null value, not on a line that lacks one).
  const head = '1;2;DE9;15.10.2025';
  const asked = [{ memberNr: 1, taxId: '86095742719', birthDate: '1960-03-12', kind: 'regular' as const }];
  const members = [{ memberId: 'm-1', memberNr: 1, taxIds: ['86095742719'], birthDate: '1960-03-12' }];
  const task = { taskId: 't-1' } as RunningTask;

  it.each([
    '4;1;86095742719',
    '4;1;86095742719;12.03.1960;1;31.08.2025',
    '4;1;86095742719;12.03.1960;1;31.08.2025;',
    '4;1;86095742719;12.03.1960;1;31.08.2025;;',
  ])('%s is a problem of its line and records nothing', (cut) => {
    const read = readAnswerFile(`${head}\r\n${cut}`);
    expect([read.lines, read.errors]).toEqual([[], [{ line: 2, problem: 'kistamLineIncomplete', detail: '' }]]);
    const outcome = answerOutcome(task, interpretAnswer(read, asked, members, undefined, '2025-10-15'));
    expect(outcome.outcome === 'completed' ? [outcome.effects, nullAnswered(outcome.effects)] : outcome).toEqual([
      [],
      [],
    ]);
  });

  it('leaves a null answer with its three last fields empty a null answer', () => {
    const read = readAnswerFile(`${head}\r\n4;1;86095742719;12.03.1960;1;31.08.2025;;;`);
    expect([read.lines.map((l) => [l.key, l.rate, l.returnCode]), read.errors]).toEqual([[[null, null, null]], []]);
    const outcome = answerOutcome(task, interpretAnswer(read, asked, members, undefined, '2025-10-15'));
    expect(outcome.outcome === 'completed' ? nullAnswered(outcome.effects) : outcome).toEqual(['m-1']);
  });
});

describe('a record 4 with a rate and no church key', () => {
  // Before, the empty key alone made it a null answer: the member's church data deleted and its key erased for good,
  // though the null value is key AND rate empty (docs/kistam.md).
  const read = (key: string, rate: string) =>
    interpretAnswer(
      readAnswerFile(`1;2;DE9;15.10.2025\r\n4;1;86095742719;12.03.1960;1;31.08.2025;${key};${rate};`),
      [{ memberNr: 1, taxId: '86095742719', birthDate: '1960-03-12', kind: 'regular' }],
      [{ memberId: 'm-1', memberNr: 1, taxIds: ['86095742719'], birthDate: '1960-03-12' }],
      undefined,
      '2025-10-15',
    );

  it.each([
    ['', '9'],
    ['000000', '8,00'],
  ])('key %j with rate %j records nothing and is the member’s problem', (key, rate) => {
    const outcome = read(key, rate);
    expect([outcome.records, outcome.memberProblems]).toEqual([
      [],
      [{ memberId: 'm-1', memberNr: 1, problem: 'kistamKeyMissing', detail: '' }],
    ]);
  });

  it.each([
    ['', ''],
    ['', '0'],
    ['000000', '0,00'],
  ])('key %j with rate %j stays a null answer', (key, rate) => {
    expect(read(key, rate).records.map((r) => [r.churchId, r.churchTaxRate])).toEqual([[null, null]]);
  });
});
