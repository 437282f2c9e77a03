import {
  ConcurrencyError,
  importStream,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type StreamAppend,
} from '@coop/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import type { StreamWriter } from '../../platform/commands/stream-writer.js';
import { pauseHereInTests, stopHereInTests } from '../../platform/commands/test-stop.js';
import { revisionCheck, type ClosedYears } from '../../share-ledger/index.js';
import {
  importRegisterDecider,
  type ImportRegisterCommand,
  type ImportRegisterState,
} from '../domain/import-register.decider.js';
import type { SpilledPlan } from './decision-spill.js';

/*
 * The import's write as a process (issue 40): `RegisterImportStarted` (appended by the caller with the plan), then the
 * decisions in chunks of about `chunkEvents` events, each appended with `RegisterImportChunkWritten` at the register's
 * revision in ONE append, then `RegisterImported`. The register stream says which chunks are in the log: a chunk whose
 * append failed after the store had it (a timeout) is found written when the register is read again, and a resume
 * starts at the first chunk missing. The decisions wait in the write's spill (decision-spill.ts, decision 260): one
 * chunk's are read back, stamped and held for the store at a time.
 * Test-only crash points (`COOP_TEST_STOP_AT`): `import:started`, `import:chunk-written:<n>`, `import:finished`; the
 * pause `COOP_TEST_PAUSE_AT=import:chunk-written:<n>` holds the import there (a stuck import for the console's test).
 */

/** What a process needs to go on: the plan's decisions in their chunks, and where the register stands. */
export interface ImportRun {
  readonly ctx: CommandContext;
  readonly cooperativeId: string;
  readonly importId: string;
  /**
   * The plan's decisions, staged in chunks (the write's spill): read back one chunk at a time, so the events written
   * are not held for the rest of the write (issue 40). A run broken off finishes from the same spill.
   */
  readonly plan: SpilledPlan;
  /** The dividend register as read: a year closing meanwhile fails the next chunk (postings into it are refused). */
  readonly closedYears: ClosedYears | null;
  /** Chunks written of all, after each chunk. */
  readonly progress: (done: number, total: number) => void;
  /** Wait for the read models after the last append (the console's request); false: the command line, a task. */
  readonly wait: boolean;
}

type Loaded = { readonly state: ImportRegisterState; readonly expected: ExpectedRevision };

export class ImportProcess {
  constructor(
    private readonly writer: StreamWriter,
    private readonly events: EventStore,
  ) {}

  /** The import register as it stands. */
  load(cooperativeId: string): Promise<Loaded> {
    return this.writer.load(importStream(cooperativeId), importRegisterDecider);
  }

  /** Decides `command` on the register as loaded: the register's append (none when there is nothing to append). */
  registerAppend(
    run: Pick<ImportRun, 'ctx' | 'cooperativeId'>,
    loaded: Loaded,
    command: ImportRegisterCommand,
  ): StreamAppend | null {
    const events = importRegisterDecider.decide(command, loaded.state);
    if (events.length === 0) return null;
    return {
      streamId: importStream(run.cooperativeId),
      expected: loaded.expected,
      events: this.writer.stamp(events, run.ctx, run.cooperativeId),
    };
  }

  /** Writes the chunks still missing and the end; answers when `RegisterImported` is in the log. */
  async finish(run: ImportRun, startedAs: Loaded): Promise<void> {
    let loaded = startedAs;
    if (loaded.state.running?.importId !== run.importId) {
      // Ended before (a run that stopped after its last append): nothing more to write.
      if ([...loaded.state.byChecksum.values()].some((b) => b.importId === run.importId)) return;
      throw new Error(`Import ${run.importId} is not running`);
    }
    const total = run.plan.chunks.length;
    for (let i = chunksDone(loaded, run.importId); i < total; i++) {
      run.progress(i, total);
      loaded = await this.writeChunk(run, loaded, i);
      stopHereInTests(`import:chunk-written:${i}`);
      await pauseHereInTests(`import:chunk-written:${i}`);
    }
    run.progress(total, total);
    const end = this.registerAppend(run, loaded, {
      type: 'FinishImport',
      importId: run.importId,
      at: new Date().toISOString(),
    });
    if (end === null) return;
    const appends: StreamAppend[] = [...(run.closedYears ? [revisionCheck(run.closedYears)] : []), end];
    if (run.wait) await this.writer.appendAll(appends);
    else await this.events.appendMulti(appends);
    stopHereInTests('import:finished');
  }

  /**
   * Appends chunk `index` with its record at the register's revision; a conflict on the register re-reads it, and a
   * chunk found written meanwhile (a retried append) is not written again. Answers the register after the chunk.
   */
  private async writeChunk(run: ImportRun, loaded: Loaded, index: number): Promise<Loaded> {
    const chunk = run.plan.chunks[index]!;
    const record = this.registerAppend(run, loaded, {
      type: 'RecordChunk',
      importId: run.importId,
      chunk: index,
      events: chunk.events,
    });
    if (record === null) return loaded; // written before
    const appends: StreamAppend[] = [];
    // The record's metadata for every event of the chunk: one object (the store writes its text once), one time.
    const metadata = record.events[0]!.metadata;
    const decisions = run.plan.read(index);
    if (decisions.length !== chunk.to - chunk.from)
      throw new Error(
        `Import ${run.importId}: chunk ${index} holds ${decisions.length} decisions, not ${chunk.to - chunk.from}`,
      );
    for (const d of decisions) {
      const events: NewEvent[] = [];
      for (const e of d.events) events.push({ type: e.type, data: e.data, metadata } as NewEvent);
      appends.push({ streamId: d.streamId, expected: d.expected < 0 ? 'no_stream' : d.expected, events });
    }
    if (run.closedYears) appends.push(revisionCheck(run.closedYears));
    appends.push(record);
    try {
      await this.events.appendMulti(appends);
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      const again = await this.load(run.cooperativeId);
      if (chunksDone(again, run.importId) <= index) throw error;
      return again; // the store had it: written once
    }
    return {
      state: importRegisterDecider.evolve(
        loaded.state,
        importRegisterDecider.decide(
          { type: 'RecordChunk', importId: run.importId, chunk: index, events: chunk.events },
          loaded.state,
        )[0]!,
      ),
      expected: nextRevision(loaded.expected),
    };
  }
}

/** Chunks of `importId` in the log (0 when it is not running). */
function chunksDone(loaded: Loaded, importId: string): number {
  const running = loaded.state.running;
  return running !== null && running.importId === importId ? running.chunksDone : 0;
}

function nextRevision(expected: ExpectedRevision): number {
  if (typeof expected === 'number') return expected + 1;
  if (expected === 'no_stream') return 0;
  throw new Error(`The import register's revision is not known (${String(expected)})`);
}
