import { ValidationError, fieldError, type Decider, type ImportedFile, type ImportedMapping, type ImportedSummary, type RegisterImported } from '@coop/contracts';

/*
 * The import register of a cooperative (issue 29): the stream `imports-<cooperativeId>`, one `RegisterImported` per
 * import written. Pure. An import whose checksum (over its files' SHA-256) is in the stream already decides nothing:
 * the same files imported twice are written once.
 */

/** An earlier import, as a second import of its files is told. */
export interface ImportedBefore {
  readonly importId: string;
  readonly at: string;
  readonly by: string;
  readonly summary: ImportedSummary;
}

export interface ImportRegisterState {
  readonly byChecksum: ReadonlyMap<string, ImportedBefore>;
}

export interface RegisterImport {
  readonly type: 'RegisterImport';
  readonly importId: string;
  readonly cooperativeId: string;
  readonly checksum: string;
  readonly files: readonly ImportedFile[];
  readonly mapping: ImportedMapping;
  readonly summary: ImportedSummary;
  readonly by: string;
  readonly at: string;
}

export const importRegisterDecider: Decider<RegisterImport, RegisterImported, ImportRegisterState> = {
  initialState: () => ({ byChecksum: new Map() }),
  evolve(state, event) {
    const { checksum, importId, at, by, summary } = event.data;
    if (state.byChecksum.has(checksum)) return state;
    return { byChecksum: new Map(state.byChecksum).set(checksum, { importId, at, by, summary }) };
  },
  decide(command, state) {
    if (state.byChecksum.has(command.checksum)) return [];
    if (!/^[0-9a-f]{64}$/.test(command.checksum)) throw new ValidationError([fieldError('files', 'importNotEmptyFile')]);
    if (command.files.length === 0) throw new ValidationError([fieldError('files', 'importNotEmptyFile')]);
    const { importId, cooperativeId, checksum, files, mapping, summary, by, at } = command;
    return [{ type: 'RegisterImported', data: { importId, cooperativeId, checksum, files, mapping, summary, by, at } }];
  },
};

/** The earlier import of these files, or null. */
export const importedBefore = (state: ImportRegisterState, checksum: string): ImportedBefore | null => state.byChecksum.get(checksum) ?? null;
