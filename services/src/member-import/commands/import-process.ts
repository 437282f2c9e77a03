import {
  ConcurrencyError,
  fieldError,
  importStream,
  memberNumberSequenceStream,
  memberStream,
  ValidationError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type DividendRegisterEvent,
  type StreamAppend,
} from '@coop/contracts';
import { closedThroughOf } from '../../kernel/closed-years.js';
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
import { memberDecider, memberNumberSequenceDecider } from '../../members/index.js';
import { chunkConflict, onSequenceNow, type ReservedNumbers, type SequenceAt } from './chunk-conflicts.js';

/*
 * The import's write as a process (issue 40): `RegisterImportStarted` (appended by the caller with the plan), then the
 * decisions in chunks of about `chunkEvents` events, each appended with `RegisterImportChunkWritten` at the register's
 * revision in ONE append, then `RegisterImported`. The register stream says which chunks are in the log: a chunk whose
 * append failed after the store had it (a timeout) is found written when the register is read again, and a resume
 * starts at the first chunk missing. The decisions wait in the write's spill (decision-spill.ts, decision 260): one
 * chunk's are read back, stamped and held for the store at a time.
 * A clerk's writes meanwhile (decision 301, chunk-conflicts.ts): the import's numbers are reserved on the sequence
 * before its first chunk, the sequence's decisions are decided again as each chunk is appended, and a number given or
 * a member changed meanwhile stops the import at that chunk, abandoned with the reason (400 with its template); so
 * does a year's closure begun meanwhile (its lock moved the dividend register the chunk checks: decision 311).
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
  /** The highest member number the plan moves the sequence to: reserved before the first chunk (decision 301). */
  readonly numbers: ReservedNumbers | null;
}

/** Why an import stops itself (decision 301; a year's closure begun meanwhile: decision 311). */
type StopTemplate = 'importMemberNrTakenMeanwhile' | 'importMemberChangedMeanwhile' | 'importYearClosedMeanwhile';

/** Appends of a chunk tried again when only the member-number sequence moved meanwhile (admissions). */
const SEQUENCE_ATTEMPTS = 5;

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
    const sequence = await this.reserveNumbers(run);
    for (let i = chunksDone(loaded, run.importId); i < total; i++) {
      run.progress(i, total);
      loaded = await this.writeChunk(run, loaded, i, sequence);
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
   * Moves the member-number sequence to the plan's highest number before the first chunk (decision 301), so that an
   * admission meanwhile draws a number above the import's; nothing when it stands there. Answers the sequence after it.
   */
  private async reserveNumbers(run: ImportRun): Promise<SequenceAt> {
    const stream = memberNumberSequenceStream(run.cooperativeId);
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.writer.load(stream, memberNumberSequenceDecider);
      const at = { state: loaded.state, revision: typeof loaded.expected === 'number' ? loaded.expected : -1 };
      if (run.numbers === null) return at;
      const { highest: memberNr, memberId } = run.numbers;
      const moved = memberNumberSequenceDecider.decide(
        { type: 'RecordGivenMemberNumber', cooperativeId: run.cooperativeId, memberId, memberNr },
        at.state,
      );
      if (moved.length === 0) return at;
      try {
        await this.events.appendMulti([
          { streamId: stream, expected: loaded.expected, events: this.writer.stamp(moved, run.ctx, run.cooperativeId) },
        ]);
      } catch (error) {
        if (error instanceof ConcurrencyError && attempt < SEQUENCE_ATTEMPTS) continue;
        throw error;
      }
      return {
        state: moved.reduce((s, e) => memberNumberSequenceDecider.evolve(s, e), at.state),
        revision: at.revision + moved.length,
      };
    }
  }

  /**
   * Appends chunk `index` with its record at the register's revision; a conflict on the register re-reads it, and a
   * chunk found written meanwhile (a retried append) is not written again. The sequence's decisions are decided on
   * `sequence` as it stands (moved on after the append); a clerk's write meanwhile: see chunk-conflicts.ts. Answers
   * the register after the chunk.
   */
  private async writeChunk(run: ImportRun, loaded: Loaded, index: number, sequence: SequenceAt): Promise<Loaded> {
    const chunk = run.plan.chunks[index]!;
    const planned = run.plan.read(index);
    if (planned.length !== chunk.to - chunk.from)
      throw new Error(
        `Import ${run.importId}: chunk ${index} holds ${planned.length} decisions, not ${chunk.to - chunk.from}`,
      );
    for (let attempt = 1; ; attempt++) {
      const at = { ...sequence };
      const decisions = onSequenceNow(planned, run.cooperativeId, at);
      const events = decisions.reduce((n, d) => n + d.events.length, 0);
      const command = { type: 'RecordChunk', importId: run.importId, chunk: index, events } as const;
      const record = this.registerAppend(run, loaded, command);
      if (record === null) return loaded; // written before
      const appends: StreamAppend[] = [];
      // The record's metadata for every event of the chunk: one object (the store writes its text once), one time.
      const metadata = record.events[0]!.metadata;
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
        if (chunksDone(again, run.importId) > index) return again; // the store had it: written once
        if (again.state.running?.importId !== run.importId) throw error; // abandoned meanwhile
        if (run.closedYears && error.conflicts.some((c) => c.streamId === run.closedYears!.streamId))
          return this.stop(run, again, 'importYearClosedMeanwhile', await this.closingYear(run.closedYears.streamId));
        const conflict = chunkConflict(error.conflicts, run.cooperativeId);
        if (conflict.kind === 'sequence' && attempt < SEQUENCE_ATTEMPTS) {
          Object.assign(sequence, await this.sequenceNow(run.cooperativeId));
          loaded = again;
          continue;
        }
        if (conflict.kind === 'numberGiven')
          return this.stop(run, again, 'importMemberNrTakenMeanwhile', String(conflict.memberNr));
        if (conflict.kind === 'memberChanged')
          return this.stop(run, again, 'importMemberChangedMeanwhile', await this.memberNr(conflict.memberId));
        throw error;
      }
      Object.assign(sequence, at);
      return {
        state: importRegisterDecider.evolve(loaded.state, importRegisterDecider.decide(command, loaded.state)[0]!),
        expected: nextRevision(loaded.expected),
      };
    }
  }

  private async sequenceNow(cooperativeId: string): Promise<SequenceAt> {
    const loaded = await this.writer.load(memberNumberSequenceStream(cooperativeId), memberNumberSequenceDecider);
    return { state: loaded.state, revision: typeof loaded.expected === 'number' ? loaded.expected : -1 };
  }

  /** The latest year closing or closed on the dividend register now (the one a closure began meanwhile). */
  private async closingYear(register: string): Promise<string> {
    const events = (await this.events.readStream(register)) as unknown as DividendRegisterEvent[];
    return String(closedThroughOf(events) ?? '');
  }

  /** The member's number as its stream says (its id when it has none: not to be met). */
  private async memberNr(memberId: string): Promise<string> {
    const loaded = await this.writer.load(memberStream(memberId), memberDecider);
    return loaded.state.memberNr === null ? memberId : String(loaded.state.memberNr);
  }

  /**
   * The import cannot be finished as decided (decision 301): abandoned on the register with the reason, the chunk not
   * written; 400 with the reason's template for the clerk (the command line prints it, a task is rejected with it).
   */
  private async stop(run: ImportRun, loaded: Loaded, template: StopTemplate, memberNr: string): Promise<never> {
    let register = loaded;
    for (let attempt = 1; ; attempt++) {
      const abandon = this.registerAppend(run, register, {
        type: 'AbandonImport',
        importId: run.importId,
        by: run.ctx.actor.username,
        at: new Date().toISOString(),
        reason: { template, parameters: [memberNr] },
      });
      try {
        if (abandon) await this.events.appendMulti([abandon]);
        break;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= SEQUENCE_ATTEMPTS) throw error;
        register = await this.load(run.cooperativeId);
        if (register.state.running?.importId !== run.importId) break; // abandoned meanwhile by an administrator
      }
    }
    throw new ValidationError([fieldError('files', template, memberNr)]);
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
