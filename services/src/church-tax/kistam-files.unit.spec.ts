import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import type { RunningTask } from '../tasks/index.js';
import { interpretAnswer, type AnswerMember } from './domain/kistam-answer.js';
import {
  ANSWER_MAX_LINES,
  answerHead,
  BOP_IMPORT_MAX_LINES,
  decodeText,
  NotAnAnswerFile,
  readAnswerFile,
  readRequestFile,
  requestFiles,
} from './domain/kistam-files.js';
import type { KistamRequestLine } from './domain/kistam-selection.js';
import { answerOutcome, LINE_PROBLEMS_NOTIFIED } from './kistam/kistam.handler.js';

/** The fixed set of members of the golden request file. */
const LINES: KistamRequestLine[] = [
  { memberId: 'm-1', memberNr: 1, taxId: '86095742719', birthDate: '1960-03-12', kind: 'regular' },
  { memberId: 'm-2', memberNr: 2, taxId: '47036892816', birthDate: '1975-11-02', kind: 'regular' },
  { memberId: 'm-3', memberNr: 3, taxId: '65929970489', birthDate: '1988-01-30', kind: 'regular' },
  { memberId: 'm-4', memberNr: 4, taxId: '57549285017', birthDate: '1999-07-07', kind: 'event' },
  { memberId: 'm-5', memberNr: 5, taxId: '25768131411', birthDate: '1950-12-24', kind: 'event' },
];
const MEMBERS: AnswerMember[] = LINES.map((l) => ({
  memberId: l.memberId,
  memberNr: l.memberNr,
  taxIds: [l.taxId],
  birthDate: l.birthDate,
}));
const GOLDEN = new URL('../../../test/api/fixtures/kistam-request.csv', import.meta.url);

const answerFile = (...records: string[]): string =>
  ['1;2;DE123456789;15.10.2025', '2;12345678901;Musterbau eG', ...records].join('\r\n');

describe('KiStAM request file (BOP import)', () => {
  it('writes the golden file for a fixed set of members', () => {
    const [file, ...more] = requestFiles(LINES, '2025-08-31');
    expect(more).toEqual([]);
    expect(file).toBe(readFileSync(GOLDEN, 'utf8'));
  });

  it('reads its own lines back', () => {
    expect(readRequestFile(readFileSync(GOLDEN, 'utf8'))).toEqual(
      LINES.map(({ memberId: _m, ...rest }) => ({ ...rest, statusDate: '2025-08-31' })),
    );
  });

  it('splits at the import limit of 2,000 lines', () => {
    const many = Array.from({ length: BOP_IMPORT_MAX_LINES + 1 }, (_, i) => ({ ...LINES[0]!, memberNr: i + 1 }));
    const files = requestFiles(many, '2025-08-31');
    expect(files.map((f) => f.trimEnd().split('\r\n').length - 1)).toEqual([BOP_IMPORT_MAX_LINES, 1]);
  });
});

describe('KiStAM answer file', () => {
  it('refuses a file that is no answer', () => {
    expect(() => readAnswerFile('hello')).toThrow(NotAnAnswerFile);
    expect(() => readAnswerFile('1;1;DE1;15.10.2025')).toThrow(NotAnAnswerFile);
  });

  it(`refuses a file of more than ${ANSWER_MAX_LINES} lines before reading it, and reads one of that many`, () => {
    // A review (stop 63): 10 MiB of lines "4", each a line error and a notification, filled the task's heap.
    const lines = (n: number): string => answerFile('4') + '\r\n4'.repeat(n - 3);
    expect(() => readAnswerFile(lines(ANSWER_MAX_LINES + 1))).toThrow(NotAnAnswerFile);
    expect(readAnswerFile(lines(ANSWER_MAX_LINES)).errors).toHaveLength(ANSWER_MAX_LINES - 2);
    // A line break at the file's end begins no line.
    expect(readAnswerFile(`${lines(ANSWER_MAX_LINES)}\r\n`).errors).toHaveLength(ANSWER_MAX_LINES - 2);
  });

  it(`notifies the first ${LINE_PROBLEMS_NOTIFIED} lines that cannot be read, and counts all in the summary`, () => {
    const text = answerFile(...Array.from({ length: 5_000 }, () => '4'));
    const result = answerOutcome(
      { taskId: 't-1' } as RunningTask,
      interpretAnswer(readAnswerFile(text), LINES, MEMBERS),
    );
    if (result.outcome !== 'completed') throw new Error(result.outcome);
    expect(result.notifications.filter((n) => n.message === 'kistamGenericError')).toHaveLength(LINE_PROBLEMS_NOTIFIED);
    expect(result.summary).toMatchObject({ errors: 5_000 });
    expect(result.notifications.at(-1)).toMatchObject({ message: 'kistamAnswerRead', parameters: ['0', '0', '5000'] });
  });

  it('reads Latin-1 and UTF-8 with a byte order mark', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe('A');
    expect(decodeText(new Uint8Array([0x4d, 0xfc]))).toBe('Mü');
    // A byte order mark then a byte UTF-8 cannot read: still UTF-8, its record 1 found (not `ï»¿1;…`).
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x31, 0x3b, 0xfc]))).toBe('1;\ufffd');
  });

  it('records church data, null answers and errors per member and per line', () => {
    const text = answerFile(
      'Satzart;Ordnungskriterium;IdNr;Geburtsdatum;Anfragetyp;Stichtag;Schluessel;Satz;ReturnCode',
      '4;1;86095742719;12.03.1960;1;31.08.2025;RK;9,00;0',
      '4;2;47036892816;02.11.1975;1;31.08.2025;;;',
      '4;3;65929970489;30.01.1988;1;31.08.2025;123456;9;',
      '4;4;57549285017;07.07.1999;2;;;;7',
      '4;9;36554266806;01.01.1970;1;31.08.2025;ev;9;',
      '3;1;something',
      '4;x;bad',
    );
    const requested = readRequestFile(readFileSync(GOLDEN, 'utf8'));
    const outcome = interpretAnswer(readAnswerFile(text), requested, MEMBERS);
    expect(outcome.records).toEqual([
      { memberId: 'm-1', churchId: 'rk', churchTaxRate: '9', queriedOn: '2025-08-31', queryKind: 'regular' },
      { memberId: 'm-2', churchId: null, churchTaxRate: null, queriedOn: '2025-08-31', queryKind: 'regular' },
    ]);
    expect(outcome.memberProblems).toEqual([
      { memberId: 'm-3', memberNr: 3, problem: 'kistamUnknownChurchKey', detail: '' },
      { memberId: 'm-4', memberNr: 4, problem: 'kistamAnswerError', detail: '7' },
    ]);
    expect(outcome.lineProblems).toEqual([
      { line: 9, problem: 'kistamRecordNotAsked', detail: '3' },
      { line: 10, problem: 'kistamLineTaxIdInvalid', detail: '' },
      { line: 8, problem: 'kistamNotRequested', detail: '' },
    ]);
    expect(outcome.noInformation).toEqual([{ memberId: 'm-5', memberNr: 5 }]);
  });

  it('reads an extended key table and refuses a rate out of range or a birth date that differs', () => {
    const text = answerFile(
      '4;1;86095742719;12.03.1960;1;31.08.2025;123456;8;',
      '4;2;47036892816;02.11.1975;1;31.08.2025;ev;12;',
      '4;3;65929970489;31.01.1988;1;31.08.2025;ev;9;',
    );
    const outcome = interpretAnswer(readAnswerFile(text), readRequestFile(readFileSync(GOLDEN, 'utf8')), MEMBERS, {
      '123456': 'ev',
    });
    expect(outcome.records.map((r) => [r.memberId, r.churchId, r.churchTaxRate])).toEqual([['m-1', 'ev', '8']]);
    expect(outcome.memberProblems.map((p) => [p.memberNr, p.problem])).toEqual([
      [2, 'kistamInvalidRate'],
      [3, 'kistamBirthDateMismatch'],
    ]);
  });

  it('turns the outcome into the church data events, the notifications and the summary', () => {
    const text = answerFile(
      '4;1;86095742719;12.03.1960;1;31.08.2025;rk;9;',
      '4;2;47036892816;02.11.1975;1;31.08.2025;;;',
      '4;3;65929970489;30.01.1988;1;31.08.2025;zz;9;',
    );
    const outcome = interpretAnswer(readAnswerFile(text), LINES.slice(0, 4), MEMBERS);
    const result = answerOutcome({ taskId: 't-1' } as RunningTask, outcome);
    if (result.outcome !== 'completed') throw new Error(result.outcome);
    expect(result.effects).toEqual([
      {
        streamId: 'member-m-1',
        expected: 'stream_exists',
        events: [
          {
            type: 'ChurchDataRecorded',
            data: {
              memberId: 'm-1',
              churchId: 'rk',
              churchTaxRate: '9',
              queriedOn: '2025-08-31',
              queryKind: 'regular',
              taskId: 't-1',
            },
          },
        ],
      },
      {
        streamId: 'member-m-2',
        expected: 'stream_exists',
        events: [
          {
            type: 'ChurchDataRecorded',
            data: {
              memberId: 'm-2',
              churchId: null,
              churchTaxRate: null,
              queriedOn: '2025-08-31',
              queryKind: 'regular',
              taskId: 't-1',
            },
          },
        ],
      },
    ]);
    expect(result.notifications.map((n) => [n.type, n.message, n.parameters, n.entityClass, n.entityId])).toEqual([
      // The key stays out: every role reads notifications, and a key names a church (issue 38).
      ['kistamError', 'kistamMemberError', ['3', 'kistamUnknownChurchKey'], 'member', 'm-3'],
      ['generic', 'kistamNoInformation', ['4'], 'member', 'm-4'],
      ['generic', 'kistamAnswerRead', ['1', '1', '1'], 'task', 't-1'],
    ]);
    expect(result.summary).toEqual({ withChurch: 1, withoutChurch: 1, errors: 1, noInformation: 1 });
  });
});

describe('why an answer is refused or a line not read: a code and its parameters, no words (decision 302)', () => {
  const refusal = (text: string): string[] => {
    try {
      answerHead(text);
      return [];
    } catch (error) {
      if (error instanceof NotAnAnswerFile) return [error.template, ...error.parameters];
      throw error;
    }
  };

  it.each([
    ['no record 1', 'hello\r\nworld', ['kistamAnswerNoRecord1']],
    ['record 1 of version 1', '1;1;DE1;15.10.2025', ['kistamAnswerVersion', '1', '2']],
    ['record 1 without a version', '1', ['kistamAnswerVersion', '', '2']],
    ['record 1 without a date', '1;2;DE1;', ['kistamAnswerDate', '1', '']],
    ['record 1 with a date that is none', '#\r\n1;2;DE1;31.02.2025', ['kistamAnswerDate', '2', '31.02.2025']],
  ])('%s: refused with its own template', (_name, text, expected) => {
    expect(refusal(text)).toEqual(expected);
  });

  it('refuses too many lines with the limit as the parameter', () => {
    expect(refusal('#\r\n'.repeat(ANSWER_MAX_LINES + 1))).toEqual([
      'kistamAnswerTooManyLines',
      String(ANSWER_MAX_LINES),
    ]);
  });

  it('names each unreadable line by its own problem, its detail no words', () => {
    const text = answerFile(
      '3;1;x',
      '4;x;bad',
      '4;1;86095742719;12.03.1960;1;32.13.2025;rk;9;',
      '4;2;86095742719;31.02.1960;1;31.08.2025;rk;9;',
    );
    expect(readAnswerFile(text).errors).toEqual([
      { line: 3, problem: 'kistamRecordNotAsked', detail: '3' },
      { line: 4, problem: 'kistamLineTaxIdInvalid', detail: '' },
      { line: 5, problem: 'kistamLineStatusDateInvalid', detail: '' },
      { line: 6, problem: 'kistamLineBirthDateInvalid', detail: '' },
    ]);
    const twice = answerFile(
      '4;1;86095742719;12.03.1960;1;31.08.2025;rk;9;',
      '4;1;86095742719;12.03.1960;1;31.08.2025;rk;9;',
    );
    expect(interpretAnswer(readAnswerFile(twice), LINES, MEMBERS).lineProblems).toEqual([
      { line: 4, problem: 'kistamLineTwice', detail: '' },
    ]);
  });
});
