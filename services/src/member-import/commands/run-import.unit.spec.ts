import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '@coop/contracts';
import type { ImportProblem, ImportSummary } from '../import-types.js';
import { parseMapping } from './import-mapping.js';
import { ImportIds } from '../domain/import-chunks.js';
import {
  dryRunResult,
  importChecksum,
  LISTED_PROBLEMS,
  refuseProblems,
  replayIds,
  type PreparedImport,
} from './run-import.js';

const summary: ImportSummary = {
  members: 1,
  postingsByType: { 0: 1 },
  exemptionOrders: 0,
  nonAssessments: 0,
  asOf: '2026-11-26',
  activeMembers: 1,
  shares: 3,
  capitalCents: 30000,
  events: 4,
};
const problem: ImportProblem = {
  file: 'a.csv',
  sheet: 'a.csv',
  row: 2,
  column: 'IBAN',
  field: 'iban',
  value: 'x',
  template: 'invalidIban',
  parameters: {},
};

const prepared = (over: Partial<PreparedImport> = {}): PreparedImport => ({
  cooperativeId: 'c-1',
  checksum: 'f'.repeat(64),
  files: [{ name: 'a.csv', sha256: 'a'.repeat(64) }],
  mapping: { sheets: [{ sheet: 'a.csv', kind: 'members', columns: { IBAN: 'iban' } }] },
  formats: {},
  problems: [],
  warnings: [],
  summary,
  before: null,
  registerExpected: 'no_stream',
  closedYears: null,
  fixed: null,
  ...over,
});

describe('the import write (issue 29)', () => {
  it('takes the checksum over the files, whatever their order', () => {
    const a = { name: 'a.csv', sha256: 'a'.repeat(64) };
    const b = { name: 'b.csv', sha256: 'b'.repeat(64) };
    expect(importChecksum([a, b])).toBe(importChecksum([b, a]));
    expect(importChecksum([a, b])).not.toBe(importChecksum([a]));
  });

  it('answers a dry run with at most 1000 problems listed, all counted, and writable only without problems and not imported before', () => {
    const many = prepared({ problems: Array.from({ length: LISTED_PROBLEMS + 5 }, () => problem) });
    expect(dryRunResult(many)).toMatchObject({ problemCount: 1005, canWrite: false });
    expect(dryRunResult(many).problems).toHaveLength(1000);
    expect(dryRunResult(prepared())).toMatchObject({ canWrite: true, alreadyImported: null });
    const before = { importId: 'imp-0', at: '2026-11-01T00:00:00.000Z', by: 'anna', summary, uploadId: null };
    expect(dryRunResult(prepared({ before }))).toMatchObject({
      canWrite: false,
      alreadyImported: { importId: 'imp-0', at: before.at, by: 'anna' },
    });
    expect(() => refuseProblems(many)).toThrow(ValidationError);
    expect(() => refuseProblems(prepared())).not.toThrow();
  });

  it('reads the mapping sent as JSON text, and refuses what is no mapping', () => {
    expect(parseMapping(undefined)).toBeNull();
    expect(
      parseMapping('{"sheets":[{"sheet":"M","kind":"members","columns":{"Nr":"memberNr","X":null}}],"dates":"de"}'),
    ).toEqual({
      sheets: [{ sheet: 'M', kind: 'members', columns: { Nr: 'memberNr', X: null } }],
      dates: 'de',
    });
    for (const bad of [
      'nope',
      '[]',
      '{"sheets":[{"sheet":"M","kind":"cats","columns":{}}]}',
      '{"sheets":[{"sheet":"M","kind":"members","columns":{"a":1}}]}',
      '{"sheets":[],"numbers":"fr"}',
      '{"sheets":[],"constructor":{}}',
    ]) {
      expect(() => parseMapping(bad)).toThrow(ValidationError);
    }
  });

  it("draws a dry run's ids as a write draws them: from one id of its own, counted on (decision 204)", () => {
    const ids = replayIds(undefined);
    const [first, second] = [ids.next(), ids.next()];
    expect(first.slice(0, 28)).toBe(second.slice(0, 28));
    expect([first.slice(28), second.slice(28)]).toEqual(['00000000', '00000001']);
    expect(replayIds(undefined).next().slice(0, 28)).not.toBe(first.slice(0, 28));
    const importId = '019ac9d2-0000-7abc-8def-0123456789ab';
    expect(replayIds({ importId, plan: null }).next()).toBe(new ImportIds(importId).next());
  });
});
