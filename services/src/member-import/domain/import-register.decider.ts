import {
  ValidationError,
  fieldError,
  type Decider,
  type ImportedFile,
  type ImportedMapping,
  type ImportedSummary,
  type ImportEvent,
  type ImportPlan,
  type RegisterImported,
} from '@coop/contracts';

/*
 * The import register of a cooperative (issues 29 and 40): the stream `imports-<cooperativeId>`. Pure. An import is a
 * process on it: `RegisterImportStarted` (the plan fixed), one `RegisterImportChunkWritten` per chunk (appended with the
 * chunk's events, so the stream says which chunks are in the log), `RegisterImported` at its end. An import whose
 * checksum (over its files' SHA-256) is written already decides nothing: the same files imported twice are written
 * once. While one import runs, another is refused (`importRunning`); the same files again resume it.
 */

/** An earlier import, as a second import of its files is told. */
export interface ImportedBefore {
  readonly importId: string;
  readonly at: string;
  readonly by: string;
  readonly summary: ImportedSummary;
  /** The kept upload its task wrote it from (null: the console's request or the command line). */
  readonly uploadId: string | null;
}

/** The import under way: what it was begun with and how many of its chunks are written. */
export interface RunningImport {
  readonly importId: string;
  readonly cooperativeId: string;
  readonly checksum: string;
  readonly files: readonly ImportedFile[];
  readonly mapping: ImportedMapping;
  readonly summary: ImportedSummary;
  readonly plan: ImportPlan;
  readonly by: string;
  readonly at: string;
  readonly chunksDone: number;
}

export interface ImportRegisterState {
  readonly byChecksum: ReadonlyMap<string, ImportedBefore>;
  readonly running: RunningImport | null;
}

export type ImportRegisterCommand =
  | {
      readonly type: 'StartImport';
      readonly importId: string;
      readonly cooperativeId: string;
      readonly checksum: string;
      readonly files: readonly ImportedFile[];
      readonly mapping: ImportedMapping;
      readonly summary: ImportedSummary;
      readonly plan: ImportPlan;
      readonly by: string;
      readonly at: string;
    }
  | { readonly type: 'RecordChunk'; readonly importId: string; readonly chunk: number; readonly events: number }
  | { readonly type: 'FinishImport'; readonly importId: string; readonly at: string }
  /**
   * An administrator gives the running import up (issue 40, decision 200), or the import itself with its `reason`
   * (decision 301: a clerk's write met a chunk not yet written); what its chunks wrote stays.
   */
  | {
      readonly type: 'AbandonImport';
      readonly importId: string;
      readonly by: string;
      readonly at: string;
      readonly reason?: { readonly template: string; readonly parameters: readonly string[] };
    };

const CHECKSUM = /^[0-9a-f]{64}$/;

/** 400 `importRunning` [its files, who, when]: another import is under way. */
export const importRunningError = (running: RunningImport): ValidationError =>
  new ValidationError([
    fieldError('files', 'importRunning', running.files.map((f) => f.name).join(', '), running.by, running.at),
  ]);

/** The running import of `importId`; anything else is a wiring mistake of the process, not the clerk's. */
function runningOf(state: ImportRegisterState, importId: string): RunningImport {
  if (state.running === null || state.running.importId !== importId)
    throw new Error(`Import ${importId} is not running`);
  return state.running;
}

export const importRegisterDecider: Decider<ImportRegisterCommand, ImportEvent, ImportRegisterState> = {
  initialState: () => ({ byChecksum: new Map(), running: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'RegisterImportStarted':
        return { ...state, running: { ...event.data, chunksDone: 0 } };
      case 'RegisterImportChunkWritten':
        if (state.running === null || state.running.importId !== event.data.importId) return state;
        return { ...state, running: { ...state.running, chunksDone: event.data.chunk + 1 } };
      case 'RegisterImported': {
        const { checksum, importId, at, by, summary } = event.data;
        const running = state.running?.importId === importId ? null : state.running;
        if (state.byChecksum.has(checksum)) return { ...state, running };
        const uploadId = state.running?.importId === importId ? (state.running.plan.uploadId ?? null) : null;
        return {
          byChecksum: new Map(state.byChecksum).set(checksum, { importId, at, by, summary, uploadId }),
          running,
        };
      }
      case 'RegisterImportAbandoned':
        return state.running?.importId === event.data.importId ? { ...state, running: null } : state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'StartImport': {
        if (state.byChecksum.has(command.checksum)) return [];
        if (state.running !== null) {
          if (state.running.checksum === command.checksum) return []; // the same files: the running import resumes
          throw importRunningError(state.running);
        }
        if (!CHECKSUM.test(command.checksum) || command.files.length === 0)
          throw new ValidationError([fieldError('files', 'importNotEmptyFile')]);
        const { importId, cooperativeId, checksum, files, mapping, summary, plan, by, at } = command;
        if (
          !Number.isSafeInteger(plan.chunks) ||
          plan.chunks < 0 ||
          !Number.isSafeInteger(plan.chunkEvents) ||
          plan.chunkEvents < 1
        ) {
          throw new RangeError('An import plan needs a whole number of chunks of at least one event');
        }
        return [
          {
            type: 'RegisterImportStarted',
            data: { importId, cooperativeId, checksum, files, mapping, summary, plan, by, at },
          },
        ];
      }
      case 'RecordChunk': {
        const running = runningOf(state, command.importId);
        if (command.chunk < running.chunksDone) return []; // written before: a retried chunk writes nothing twice
        if (command.chunk !== running.chunksDone || command.chunk >= running.plan.chunks) {
          throw new Error(
            `Chunk ${command.chunk} of import ${command.importId} out of order (${running.chunksDone} of ${running.plan.chunks} written)`,
          );
        }
        return [
          {
            type: 'RegisterImportChunkWritten',
            data: {
              importId: running.importId,
              cooperativeId: running.cooperativeId,
              chunk: command.chunk,
              events: command.events,
            },
          },
        ];
      }
      case 'FinishImport': {
        if (state.running === null && [...state.byChecksum.values()].some((b) => b.importId === command.importId))
          return [];
        const running = runningOf(state, command.importId);
        if (running.chunksDone !== running.plan.chunks)
          throw new Error(
            `Import ${command.importId} has ${running.plan.chunks - running.chunksDone} chunks left to write`,
          );
        const { importId, cooperativeId, checksum, files, mapping, summary, by } = running;
        const finished: RegisterImported = {
          type: 'RegisterImported',
          data: { importId, cooperativeId, checksum, files, mapping, summary, by, at: command.at },
        };
        return [finished];
      }
      case 'AbandonImport': {
        const running = state.running;
        if (running === null || running.importId !== command.importId)
          throw new ValidationError([fieldError(null, 'importNotRunning', command.importId)]);
        const { importId, cooperativeId, checksum, plan, chunksDone } = running;
        return [
          {
            type: 'RegisterImportAbandoned',
            data: {
              importId,
              cooperativeId,
              checksum,
              chunks: plan.chunks,
              chunksWritten: chunksDone,
              by: command.by,
              at: command.at,
              ...(command.reason
                ? { reason: { template: command.reason.template, parameters: [...command.reason.parameters] } }
                : {}),
            },
          },
        ];
      }
    }
  },
};

/** The earlier import of these files, or null. */
export const importedBefore = (state: ImportRegisterState, checksum: string): ImportedBefore | null =>
  state.byChecksum.get(checksum) ?? null;
