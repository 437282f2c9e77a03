import { describe, expect, it } from '@jest/globals';
import { ValidationError, fieldError, type ImportedSummary, type RegisterImported } from '@coop/contracts';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { importedBefore, importRegisterDecider, type RegisterImport } from './import-register.decider.js';

const spec = deciderSpec(importRegisterDecider);
const COOP = 'coop-1';
const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const summary: ImportedSummary = { members: 2, postingsByType: { 0: 2, 1: 1 }, exemptionOrders: 1, nonAssessments: 0, asOf: '2026-11-26', activeMembers: 2, shares: 7, capitalCents: 70000, events: 12 };
const mapping = { sheets: [{ sheet: 'Mitglieder', kind: 'members', columns: { Mitgliedsnummer: 'memberNr', Bemerkung: null } }] };

const register = (checksum: string, importId = 'imp-1', files = [{ name: 'register.xlsx', sha256: 'c'.repeat(64) }]): RegisterImport => ({
  type: 'RegisterImport',
  importId,
  cooperativeId: COOP,
  checksum,
  files,
  mapping,
  summary,
  by: 'admin',
  at: '2026-11-26T06:00:00.000Z',
});
const registered = (checksum: string, importId = 'imp-1'): RegisterImported => ({
  type: 'RegisterImported',
  data: { importId, cooperativeId: COOP, checksum, files: [{ name: 'register.xlsx', sha256: 'c'.repeat(64) }], mapping, summary, by: 'admin', at: '2026-11-26T06:00:00.000Z' },
});

describe('the import register (issue 29)', () => {
  it('given no import, when files are imported, then RegisterImported with checksum, files, mapping, summary and who', () => {
    spec.given([]).when(register(A)).then([registered(A)]);
  });

  it('given an import of the same files, when imported again, then nothing', () => {
    spec.given([registered(A)]).when(register(A, 'imp-2')).then([]);
  });

  it('given an import of other files, when these are imported, then RegisterImported', () => {
    spec.given([registered(B)]).when(register(A, 'imp-2')).then([registered(A, 'imp-2')]);
  });

  it('given no import, when no files or no checksum, then refused with importNotEmptyFile', () => {
    spec.given([]).when(register(A, 'imp-1', [])).thenThrows(ValidationError, (e) => expect(e.errors).toEqual([fieldError('files', 'importNotEmptyFile')]));
    spec.given([]).when(register('not-a-checksum')).thenThrows(ValidationError);
  });

  it('remembers who imported the files, when and what, for the second attempt', () => {
    const state = [registered(B), registered(A, 'imp-2')].reduce((s, e) => importRegisterDecider.evolve(s, e), importRegisterDecider.initialState());
    expect(importedBefore(state, A)).toEqual({ importId: 'imp-2', at: '2026-11-26T06:00:00.000Z', by: 'admin', summary });
    expect(importedBefore(state, 'd'.repeat(64))).toBeNull();
  });
});
