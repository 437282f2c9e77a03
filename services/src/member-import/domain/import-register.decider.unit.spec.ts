import { describe, expect, it } from '@jest/globals';
import {
  ValidationError,
  fieldError,
  type ImportedSummary,
  type ImportPlan,
  type RegisterImportAbandoned,
  type RegisterImportChunkWritten,
  type RegisterImported,
  type RegisterImportStarted,
} from '@coop/contracts';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { importedBefore, importRegisterDecider, type ImportRegisterCommand } from './import-register.decider.js';

const spec = deciderSpec(importRegisterDecider);
const COOP = 'coop-1';
const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const AT = '2026-11-26T06:00:00.000Z';
const END = '2026-11-26T06:01:00.000Z';
const summary: ImportedSummary = {
  members: 2,
  postingsByType: { 0: 2, 1: 1 },
  exemptionOrders: 1,
  nonAssessments: 0,
  asOf: '2026-11-26',
  activeMembers: 2,
  shares: 7,
  capitalCents: 70000,
  events: 12,
};
const mapping = {
  sheets: [{ sheet: 'Mitglieder', kind: 'members', columns: { Mitgliedsnummer: 'memberNr', Bemerkung: null } }],
};
const files = [{ name: 'register.xlsx', sha256: 'c'.repeat(64) }];
const plan: ImportPlan = {
  today: '2026-11-26',
  terms: { shareCost: 10000, minimumShares: 1 },
  closedThrough: null,
  sequence: { highest: 0, revision: -1 },
  confirmWarnings: false,
  chunkEvents: 5,
  chunks: 2,
  events: 12,
  ids: 6,
  planHash: 'd'.repeat(64),
  uploadId: null,
};

const start = (checksum: string, importId = 'imp-1', withFiles = files): ImportRegisterCommand => ({
  type: 'StartImport',
  importId,
  cooperativeId: COOP,
  checksum,
  files: withFiles,
  mapping,
  summary,
  plan,
  by: 'admin',
  at: AT,
});
const started = (checksum: string, importId = 'imp-1'): RegisterImportStarted => ({
  type: 'RegisterImportStarted',
  data: { importId, cooperativeId: COOP, checksum, files, mapping, summary, plan, by: 'admin', at: AT },
});
const chunk = (n: number, importId = 'imp-1'): RegisterImportChunkWritten => ({
  type: 'RegisterImportChunkWritten',
  data: { importId, cooperativeId: COOP, chunk: n, events: 6 },
});
const registered = (checksum: string, importId = 'imp-1'): RegisterImported => ({
  type: 'RegisterImported',
  data: { importId, cooperativeId: COOP, checksum, files, mapping, summary, by: 'admin', at: END },
});

describe('the import register (issues 29 and 40)', () => {
  it('given no import, when files are imported, then RegisterImportStarted with checksum, files, mapping, summary, plan and who', () => {
    spec
      .given([])
      .when(start(A))
      .then([started(A)]);
  });

  it('given an import of the same files, when imported again, then nothing', () => {
    spec
      .given([started(A), chunk(0), chunk(1), registered(A)])
      .when(start(A, 'imp-2'))
      .then([]);
  });

  it('given an import of other files written, when these are imported, then started', () => {
    spec
      .given([started(B), chunk(0), chunk(1), registered(B)])
      .when(start(A, 'imp-2'))
      .then([started(A, 'imp-2')]);
  });

  it('given no import, when no files or no checksum, then refused with importNotEmptyFile', () => {
    spec
      .given([])
      .when(start(A, 'imp-1', []))
      .thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError('files', 'importNotEmptyFile')]));
    spec.given([]).when(start('not-a-checksum')).thenThrows(ValidationError);
  });

  it('given an import running, when other files are imported, then refused with importRunning [files, by, at]', () => {
    spec
      .given([started(B), chunk(0)])
      .when(start(A, 'imp-2'))
      .thenThrows(ValidationError, (e) =>
        expect(e.errors).toEqual([fieldError('files', 'importRunning', 'register.xlsx', 'admin', AT)]),
      );
  });

  it('given an import running, when the same files are imported again, then nothing is started: it resumes', () => {
    spec
      .given([started(A), chunk(0)])
      .when(start(A, 'imp-2'))
      .then([]);
  });

  it('records each chunk once and in order: a chunk written before decides nothing, one out of order is refused', () => {
    spec
      .given([started(A)])
      .when({ type: 'RecordChunk', importId: 'imp-1', chunk: 0, events: 6 })
      .then([chunk(0)]);
    spec
      .given([started(A), chunk(0)])
      .when({ type: 'RecordChunk', importId: 'imp-1', chunk: 0, events: 6 })
      .then([]);
    spec
      .given([started(A)])
      .when({ type: 'RecordChunk', importId: 'imp-1', chunk: 1, events: 6 })
      .thenThrows(Error);
    spec
      .given([started(A), chunk(0), chunk(1)])
      .when({ type: 'RecordChunk', importId: 'imp-1', chunk: 2, events: 6 })
      .thenThrows(Error);
  });

  it('finishes only with every chunk written, as RegisterImported; finished twice decides nothing', () => {
    spec
      .given([started(A), chunk(0)])
      .when({ type: 'FinishImport', importId: 'imp-1', at: END })
      .thenThrows(Error);
    spec
      .given([started(A), chunk(0), chunk(1)])
      .when({ type: 'FinishImport', importId: 'imp-1', at: END })
      .then([registered(A)]);
    spec
      .given([started(A), chunk(0), chunk(1), registered(A)])
      .when({ type: 'FinishImport', importId: 'imp-1', at: END })
      .then([]);
  });

  it('remembers who imported the files, when and what, for the second attempt, and what runs', () => {
    const state = [registered(B), started(A, 'imp-2'), chunk(0, 'imp-2')].reduce(
      (s, e) => importRegisterDecider.evolve(s, e),
      importRegisterDecider.initialState(),
    );
    expect(importedBefore(state, B)).toEqual({ importId: 'imp-1', at: END, by: 'admin', summary, uploadId: null });
    expect(importedBefore(state, A)).toBeNull();
    expect(state.running).toMatchObject({ importId: 'imp-2', checksum: A, chunksDone: 1, plan });
    const ended = [chunk(1, 'imp-2'), registered(A, 'imp-2')].reduce(
      (s, e) => importRegisterDecider.evolve(s, e),
      state,
    );
    expect(ended.running).toBeNull();
    expect(importedBefore(ended, A)).toMatchObject({ importId: 'imp-2' });
  });

  it('abandons the running import (decision 200): RegisterImportAbandoned with the chunks written; then other files start, and it cannot finish', () => {
    const abandoned: RegisterImportAbandoned = {
      type: 'RegisterImportAbandoned',
      data: { importId: 'imp-1', cooperativeId: COOP, checksum: A, chunks: 2, chunksWritten: 1, by: 'boss', at: END },
    };
    spec
      .given([started(A), chunk(0)])
      .when({ type: 'AbandonImport', importId: 'imp-1', by: 'boss', at: END })
      .then([abandoned]);
    spec
      .given([started(A), chunk(0), abandoned])
      .when(start(B, 'imp-2'))
      .then([{ ...started(B, 'imp-2') }]);
    spec
      .given([started(A), chunk(0), abandoned])
      .when({ type: 'RecordChunk', importId: 'imp-1', chunk: 1, events: 6 })
      .thenThrows(Error);
    spec
      .given([started(A), chunk(0), abandoned])
      .when({ type: 'FinishImport', importId: 'imp-1', at: END })
      .thenThrows(Error);
  });

  it('refuses to abandon an import that is not running (ended, abandoned, another): importNotRunning [id]', () => {
    const refusal = (e: ValidationError) => expect(e.errors).toEqual([fieldError(null, 'importNotRunning', 'imp-1')]);
    spec
      .given([])
      .when({ type: 'AbandonImport', importId: 'imp-1', by: 'boss', at: END })
      .thenThrows(ValidationError, refusal);
    spec
      .given([started(A), chunk(0), chunk(1), registered(A)])
      .when({ type: 'AbandonImport', importId: 'imp-1', by: 'boss', at: END })
      .thenThrows(ValidationError, refusal);
    spec
      .given([started(A, 'imp-2')])
      .when({ type: 'AbandonImport', importId: 'imp-1', by: 'boss', at: END })
      .thenThrows(ValidationError, refusal);
  });
});
